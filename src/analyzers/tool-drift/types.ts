/** tool-drift's typed contract: its causes and its findings' `detail`. */

export type Cause = 'emoji_after_tool' | 'length_after_tool' | 'language_after_tool' | 'style_drift_after_tool';

type Metric = number | string | null;

/** A tool-drift finding's `detail`. */
export interface Detail {
  preference: string;
  label: string;
  stated_turn: number | null;
  tool_name: string | null;
  metric: string;
  before: Metric;
  tool: Metric;
  after: Metric;
  compliant_before: number;
  drifted_responses: number;
  style_before: Record<string, unknown> | null;
  style_tool: Record<string, unknown>;
  style_after: Record<string, unknown>;
}
