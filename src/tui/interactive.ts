/**
 * Ink renders only a final frame, and ignores resizes, when it believes it runs in CI: is-in-ci
 * reads CI and CONTINUOUS_INTEGRATION once, when Ink is first loaded. The TUI runs only on a
 * terminal and is interactive whatever the environment says, so the TUI (and Ink with it) is
 * loaded with those variables off, then they are restored for the rest of the process.
 * Nothing may load Ink before this: `amnesia tui` imports the TUI only through here.
 */
export async function loadInteractive(): Promise<typeof import('./run.js')> {
  const keys = ['CI', 'CONTINUOUS_INTEGRATION'] as const;
  const saved = keys.map((k) => [k, process.env[k]] as const);
  for (const k of keys) if (k in process.env) process.env[k] = 'false';
  try {
    return await import('./run.js');
  } finally {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
