/**
 * An MMD model without a humanoid skeleton, for the simulator: the same prop rig the app
 * uses (renderer/src/rig/mmd/mmd-prop-rig.ts), its physics report, and how to add it.
 */
import type { MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import type { ModelPropSpec } from '../../renderer/src/physics/model-prop';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import type { MmdPropRig } from '../../renderer/src/rig/mmd/mmd-prop-rig';
import { mmdPropRig } from '../../renderer/src/rig/mmd/mmd-prop-rig';
import { mmdPhysicsReport } from '../../renderer/src/rig/mmd/mmd-physics-report';
import type { MmdModelReport } from '../loaders/load-mmd-doll';

/** An MMD file opened as a prop. */
export interface MmdProp {
  readonly model: MmdModel;
  readonly rig: MmdPropRig;
  readonly fileName: string;
}

/** Rigs a parsed model as a prop (it throws nothing of its own). */
export function mmdPropFromModel(model: MmdModel, fileName: string): MmdProp {
  return { model, rig: mmdPropRig(model, { name: model.name || fileName }), fileName };
}

/** What the physics builds the prop from. */
export function modelPropSpecOf(prop: MmdProp): ModelPropSpec {
  return {
    carrier: prop.rig.rig.spec,
    mmd: prop.rig.physics,
    carrierCollides: prop.rig.carrierCollides,
  };
}

/** Adds the prop to the scene, standing at the first prop spot. */
export function addMmdProp(sandbox: Sandbox, prop: MmdProp): void {
  sandbox.addModelProp(modelPropSpecOf(prop));
}

/** The simulator's extra JSON keys for a prop: the carrier counts as its one part. */
export function mmdPropReport(prop: MmdProp, withReport: boolean): MmdModelReport {
  return {
    kind: 'prop',
    format: prop.model.format,
    parts: prop.rig.rig.spec.parts.length,
    joints: 0,
    bonesMissing: [],
    mmdBodies: prop.rig.physics.bodies.length,
    mmdJoints: prop.rig.physics.joints.length,
    warnings: prop.rig.warnings.map((w) => `${w.code}: ${w.message}`),
    ...(withReport ? { report: mmdPhysicsReport(prop.model) } : {}),
  };
}
