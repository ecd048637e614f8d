// tool-drift: an office-equipment helper. The user states a style preference, two plain answers honour it,
// then a tool returns loud text (emoji marketing, a document in another language, a table, a long policy) and
// the answer takes that style on. Look-alikes: the user explicitly asks for the raw table, the answer keeps
// the style despite a loud result, the preference was withdrawn before the tool, or there never was one
// (encouragement only).
import { Session } from '../../lib/blind-session.mjs';

// The document a tool returns in another language than the user's, and an answer that copies its language.
const ROUTER_EN = {
  doc: 'To reset the router to factory settings, keep it switched on and press the recessed RESET button on the back with a paperclip for at least ten seconds, until the power LED flashes orange. Release the button and wait about three minutes while the router restarts. All settings, including the Wi-Fi name and password, are restored to the values printed on the label underneath the device. After the reset, connect to the default network and open the setup page at 192.168.0.1 to configure the router again.',
  answer:
    'To reset the router, keep it switched on and press the RESET button on the back with a paperclip for at least ten seconds, until the power LED flashes orange. Wait about three minutes for the restart. The Wi-Fi name and password go back to the values on the label underneath, and you can set it up again at 192.168.0.1.',
};
const ROUTER_DE = {
  doc: 'Um den Router auf die Werkseinstellungen zurückzusetzen, lassen Sie ihn eingeschaltet und drücken Sie die versenkte RESET-Taste auf der Rückseite mit einer Büroklammer mindestens zehn Sekunden lang, bis die Power-LED orange blinkt. Lassen Sie die Taste los und warten Sie etwa drei Minuten, bis der Router neu gestartet ist. Alle Einstellungen, auch WLAN-Name und Passwort, werden auf die Werte auf dem Etikett an der Unterseite zurückgesetzt. Verbinden Sie sich danach mit dem Standardnetz und öffnen Sie die Einrichtungsseite unter 192.168.0.1.',
  answer:
    'Um den Router zurückzusetzen, lassen Sie ihn eingeschaltet und drücken Sie die RESET-Taste auf der Rückseite mit einer Büroklammer mindestens zehn Sekunden lang, bis die Power-LED orange blinkt. Nach etwa drei Minuten ist der Neustart fertig. WLAN-Name und Passwort stehen dann wieder auf den Werten vom Etikett an der Unterseite, und die Einrichtung erfolgt unter 192.168.0.1.',
};

function mk(id, start, r, L) {
  const s = new Session(id, start, r);
  s.history = [{ role: 'system', content: 'You are an office IT helper. You can search the web and the vendor documentation.' }];
  s.req = 0;
  s.L = L;
  return s;
}
function ask(s, turn, text) {
  if (text !== null) s.history.push({ role: 'user', content: text });
  s.req += 1;
  s.rid = `${s.id}-r${s.req}`;
  s.add('request', turn, { request_id: s.rid, model: 'gpt-4o', messages: structuredClone(s.history) }, 20000 + Math.floor(s.r() * 30000));
}
function answer(s, turn, text) {
  s.add('response', turn, { request_id: s.rid, content: text, finish_reason: 'stop' }, 2500);
  s.history.push({ role: 'assistant', content: text });
}
function tool(s, turn, name, args, content) {
  const call = `call_${s.id.replace(/[^a-z0-9]/gi, '')}_${s.req}`;
  const tc = [{ id: call, type: 'function', function: { name, arguments: JSON.stringify(args) } }];
  s.add('response', turn, { request_id: s.rid, content: '', tool_calls: tc, finish_reason: 'tool_calls' }, 1500);
  s.add('tool_call', turn, { call_id: call, name, arguments: args }, 30);
  s.add('tool_result', turn, { call_id: call, name, content }, 1200);
  s.history.push({ role: 'assistant', content: '', tool_calls: tc }, { role: 'tool', tool_call_id: call, content });
  ask(s, turn, null);
}
/** preference (or opener) -> two compliant answers -> a user question -> tool -> the final answer. */
function flow(s, opener, middle, q, name, args, result, final) {
  const L = s.L;
  ask(s, 0, `${L.tdHello}${L.sp ?? ' '}${opener}`);
  answer(s, 0, L.tdA[0]);
  ask(s, 1, L.tdAsk1);
  answer(s, 1, L.tdA[1]);
  let t = 2;
  if (middle) {
    ask(s, t, middle);
    answer(s, t, L.withdrawA);
    t += 1;
  }
  ask(s, t, q);
  tool(s, t, name, args, result);
  answer(s, t, final);
}

export function toolDriftCases({ L, start, rngFor }) {
  const c = L.code;
  const other = c === 'en' ? ROUTER_DE : ROUTER_EN;
  const long = [...L.longSentences, ...L.longSentences.slice(0, 5)].join(L.sp ?? ' ');
  const longAnswer = L.longSentences.join(L.sp ?? ' ');
  const specs = [
    {
      v: 'emoji-after-tool',
      fault: true,
      d: 'no emoji asked; two plain answers; web_search returns emoji-laden marketing; the answer copies the emoji',
      run: (s) => flow(s, L.tdNoEmoji, null, L.askDeal, 'web_search', { q: 'monitor 27 deal' }, L.hypeTool, L.hypeAnswer),
    },
    {
      v: 'language-after-tool',
      fault: true,
      d: `answers in the user's language asked; the vendor documentation comes back in ${c === 'en' ? 'German' : 'English'} and the answer switches to it`,
      run: (s) => flow(s, L.langPref, null, L.askDoc, 'search_docs', { q: 'router factory reset' }, other.doc, other.answer),
    },
    {
      v: 'table-after-tool',
      fault: true,
      d: 'lists instead of tables asked; the provider tool returns a markdown table; the answer is a table',
      run: (s) => flow(s, L.noTables, null, L.askCompare, 'get_plans', { provider: 'default' }, L.tableTool, L.tableAnswerTd),
    },
    {
      v: 'length-after-tool',
      fault: true,
      d: 'a length limit asked; two short answers; the policy tool returns a long document; the answer runs far over the limit',
      run: (s) => flow(s, L.maxLen, null, L.askLong, 'search_intranet', { q: 'equipment policy monitors' }, long, longAnswer),
    },
    {
      v: 'raw-on-request',
      fault: false,
      d: 'lists instead of tables asked, but the latest message explicitly asks for the tool table pasted unchanged; the answer quotes it',
      run: (s) => flow(s, L.noTables, null, L.rawAsk, 'get_plans', { provider: 'default' }, L.tableTool, L.tableTool),
    },
    {
      v: 'kept-style',
      fault: false,
      d: 'no emoji asked; the tool result is loud marketing, but the answer stays plain',
      run: (s) => flow(s, L.tdNoEmoji, null, L.askDeal, 'web_search', { q: 'monitor 27 deal' }, L.hypeTool, L.calmAnswer),
    },
    {
      v: 'withdrawn',
      fault: false,
      d: 'no emoji asked, then withdrawn ("forget what I said about emoji") before the tool; the emoji answer is allowed',
      run: (s) => flow(s, L.tdNoEmoji, L.withdrawEmoji, L.askDeal, 'web_search', { q: 'monitor 27 deal' }, L.hypeTool, L.hypeAnswer),
    },
    {
      v: 'encouragement',
      fault: false,
      d: 'no preference at all, only encouragement ("keep it up", "never mind"); emoji tool result and emoji answer',
      run: (s) => flow(s, L.tdIdiom, null, L.askDeal, 'web_search', { q: 'monitor 27 deal' }, L.hypeTool, L.hypeAnswer),
    },
  ];
  return specs.map((sp, i) => {
    const id = `td-${sp.fault ? 'f' : 'l'}-${c}-${String(i + 1).padStart(2, '0')}`;
    const s = mk(id, start(i), rngFor(id), L);
    sp.run(s);
    return { id, fault: sp.fault, variant: sp.v, description: sp.d, session: s };
  });
}
