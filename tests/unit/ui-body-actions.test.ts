import { describe, expect, it } from 'vitest';
import type { FigureEntry, Prop, SimBody } from '../../renderer/src/physics/sandbox';
import { figureTableOf } from '../../renderer/src/physics/figure-table';
import type { BodySandbox } from '../../renderer/src/ui/body/body-actions';
import { BodyActions } from '../../renderer/src/ui/body/body-actions';
import { strings } from '../../renderer/src/ui/i18n';

function body(kind: SimBody['kind'], ownerId: number, handle: number): SimBody {
  const made = { handle, kind, ownerId, name: kind, colliderRotation: undefined };
  return made as unknown as SimBody;
}

function actions(exported: number[]): BodyActions {
  const sandbox: BodySandbox = {
    figureTable: figureTableOf([{ id: 3 }, { id: 7 }] as unknown as FigureEntry[], 1),
    props: [{ id: 11 }] as unknown as Prop[],
    modelProps: [],
    pins: { add: () => true, remove: () => true, has: () => false },
    removeProp: () => undefined,
  };
  return new BodyActions({
    sandbox,
    removeFigure: () => undefined,
    removeModelProp: () => undefined,
    focusFigure: () => undefined,
    exportFigureMotion: (figureId) => exported.push(figureId),
    strings: () => strings('en'),
  });
}

describe('the body menu', () => {
  it("offers Export Motion… on a figure's part, for the figure the part belongs to", () => {
    const exported: number[] = [];
    const menu = actions(exported).menuFor(body('part', 7, 20), () => undefined);
    expect(menu.map((item) => item.label)).toEqual([
      'Pin here',
      'Delete',
      'Focus',
      'Export Motion…',
    ]);
    menu[3]!.run();
    expect(exported).toEqual([7]);
  });

  it('offers no Focus or Export Motion… on a ball or box', () => {
    const menu = actions([]).menuFor(body('prop', 11, 30), () => undefined);
    expect(menu.map((item) => item.label)).toEqual(['Pin here', 'Delete']);
  });
});
