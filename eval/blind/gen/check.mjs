const [, , a] = process.argv;
const { cases } = await import(`./${a}.mjs`);
for (const c of cases())
  console.log(
    c.label.session,
    c.label.expect,
    c.label.cause ?? '',
    c.label.focus ?? '',
    c.events.length,
    (c.label.aux_sessions || []).join(','),
    '|',
    c.label.why,
  );
