/** One kept message. */
export interface LoggedMessage {
  readonly message: string;
  /** True for a problem (an alert), drawn as one. */
  readonly alert: boolean;
  /** Wall-clock time it was said, `HH:MM:SS`. */
  readonly time: string;
  /** What it reports on, when later news of the same thing replaces it (see {@link MessageLog.add}). */
  readonly topic?: symbol;
}

/**
 * The last `limit` messages, newest first. A message with a `topic` (how far a clip has
 * recorded, say) replaces the earlier message of that topic, so something long in progress
 * is one entry that updates instead of one entry per step.
 */
export class MessageLog {
  private readonly kept: LoggedMessage[] = [];

  constructor(private readonly limit: number) {}

  /** The kept messages, newest first. */
  get entries(): readonly LoggedMessage[] {
    return this.kept;
  }

  /** Keeps `message` (an empty one is not kept); the oldest goes beyond the limit. */
  add(message: string, alert: boolean, time: string, topic?: symbol): void {
    if (message === '') return;
    if (topic !== undefined) {
      const earlier = this.kept.findIndex((entry) => entry.topic === topic);
      if (earlier >= 0) this.kept.splice(earlier, 1);
    }
    this.kept.unshift(
      topic === undefined ? { message, alert, time } : { message, alert, time, topic },
    );
    if (this.kept.length > this.limit) this.kept.length = this.limit;
  }
}
