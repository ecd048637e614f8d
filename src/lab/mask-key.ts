/**
 * The key of the lab's engines' masks (replay, chaos, checks). A stored engine keys its masks with
 * a random secret of its own; the lab's engines live in memory for one run and must give the same
 * output on every run (a replay is compared with the last one, chaos is seeded), so they share
 * this fixed key. Their masks therefore hide a value from the screen, not from someone who hashes
 * every phone number; the findings' own outputs say the same of theirs (docs/redaction.md).
 */
export const LAB_MASK_KEY = 'amnesia-lab-masks-v1';
