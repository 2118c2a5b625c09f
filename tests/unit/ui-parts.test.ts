import { describe, expect, it } from 'vitest';
import { UiParts } from '../../renderer/src/ui/shell/ui-parts';

describe('UiParts', () => {
  it('relabels in the order added and disposes last added first, each part once', () => {
    const parts = new UiParts();
    const events: string[] = [];
    const first = parts.add({ dispose: () => events.push('dispose first') }, (language) =>
      events.push(`first ${language}`),
    );
    parts.add({}, (language) => events.push(`labels only ${language}`));
    parts.onDispose(() => events.push('hook'));
    parts.add({ dispose: () => events.push('own dispose') }, undefined, () =>
      events.push('given dispose'),
    );
    parts.relabel('ja');
    expect(events).toEqual(['first ja', 'labels only ja']);
    events.length = 0;
    parts.dispose();
    parts.dispose();
    expect(events).toEqual(['given dispose', 'hook', 'dispose first']);
    expect(first.dispose).toBeTypeOf('function');
    events.length = 0;
    parts.relabel('en');
    expect(events).toEqual([]);
  });
});
