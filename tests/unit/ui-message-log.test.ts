/**
 * Message History's memory: the newest first, at most its limit, and something in progress
 * (a clip recording, 0 % to 100 %) one entry that updates rather than one entry a step.
 */
import { describe, expect, it } from 'vitest';
import { MessageLog } from '../../renderer/src/ui/status/message-log';

describe('MessageLog', () => {
  it('keeps messages newest first, up to its limit, and drops empty ones', () => {
    const log = new MessageLog(3);
    for (const message of ['one', '', 'two', 'three', 'four']) log.add(message, false, '10:00:00');
    expect(log.entries.map((entry) => entry.message)).toEqual(['four', 'three', 'two']);
  });

  it('keeps one entry per topic, updated and moved to the top by each step', () => {
    const log = new MessageLog(20);
    const clip = Symbol('clip progress');
    log.add('Ready.', false, '10:00:00');
    for (let percent = 0; percent <= 100; percent += 5)
      log.add(`Recording the clip… ${percent}%`, false, '10:00:01', clip);
    expect(log.entries.map((entry) => entry.message)).toEqual([
      'Recording the clip… 100%',
      'Ready.',
    ]);
    log.add('Saved clip.webm.', false, '10:00:02');
    // A second clip is a run of its own: its own entry, the first one's kept.
    const second = Symbol('clip progress');
    log.add('Recording the clip… 10%', false, '10:00:03', second);
    log.add('Recording the clip… 20%', false, '10:00:04', second);
    expect(log.entries.map((entry) => `${entry.time} ${entry.message}`)).toEqual([
      '10:00:04 Recording the clip… 20%',
      '10:00:02 Saved clip.webm.',
      '10:00:01 Recording the clip… 100%',
      '10:00:00 Ready.',
    ]);
  });
});
