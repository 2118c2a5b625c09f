import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { OPEN_RECENT_LIMIT } from '../../electron/main/menu';
import type { MenuOptions } from '../../electron/main/menu';
import { menuTemplate, submenuOf } from '../support/menu-template';

function openRecent(options: Partial<MenuOptions>): MenuItemConstructorOptions[] {
  const file = submenuOf(menuTemplate(options), (item) => item.label === 'File');
  return submenuOf(file, (item) => item.label === 'Open Recent');
}

describe('File > Open Recent', () => {
  it('lists the library newest first, opens a model by path, and shows missing ones disabled', () => {
    const openRecentModel = vi.fn();
    const items = openRecent({
      recentModels: [
        { kind: 'model', path: '/models/alicia.vrm', title: 'Alicia', missing: false },
        { kind: 'model', path: 'C:\\avatars\\gone.vrm', title: '', missing: true },
        { kind: 'stage', path: '/stages/hall.pmx', title: 'hall.pmx', missing: false },
      ],
      openRecent: openRecentModel,
    });
    expect(items.map((item) => item.label)).toEqual([
      'Alicia — alicia.vrm',
      'gone.vrm — gone.vrm (missing)',
      'hall.pmx — hall.pmx (stage)',
    ]);
    expect(items.map((item) => item.enabled)).toEqual([true, false, true]);
    expect(items[0]!.toolTip).toBe('/models/alicia.vrm');
    (items[0]!.click as () => void)();
    expect(openRecentModel).toHaveBeenCalledWith('/models/alicia.vrm', 'model');
    // A PMX stage opens as a stage, not as the model its format would make it.
    (items[2]!.click as () => void)();
    expect(openRecentModel).toHaveBeenLastCalledWith('/stages/hall.pmx', 'stage');
  });

  it(`shows at most ${OPEN_RECENT_LIMIT} models`, () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      kind: 'model' as const,
      path: `/m/${i}.vrm`,
      title: `Model ${i}`,
      missing: false,
    }));
    expect(openRecent({ recentModels: many })).toHaveLength(OPEN_RECENT_LIMIT);
  });

  it('says so, disabled, when the library is empty', () => {
    expect(openRecent({})).toEqual([{ label: 'No Recent Files', enabled: false }]);
  });
});
