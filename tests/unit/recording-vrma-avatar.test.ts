/**
 * A VRM avatar's recorded fall exported as .vrma, loaded back with @pixiv/three-vrm-animation
 * onto the same avatar: each frame must pose the avatar's normalized bones as the app drew them
 * from the ragdoll (VrmPoseWriter) when the frame was recorded.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AnimationMixer, Quaternion, Vector3 } from 'three';
import type { Object3D } from 'three';
import type { GLTF } from 'three/addons/loaders/GLTFLoader.js';
import { exportFigureMotion } from '../../renderer/src/motion/export/export-figure-motion';
import { recordedFigureMotion } from '../../renderer/src/physics/recording/recorded-figure-motion';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { VrmPoseWriter } from '../../renderer/src/view/vrm/vrm-pose-writer';
import { loadModelDoll } from '../../tools/loaders/load-model-doll';
import { loadVrm } from '../../tools/loaders/load-vrm-bones';
import { realFixture } from '../../tools/fixtures/real-fixtures';
import { loadRapier } from '../support/rapier';
import { recordSteps } from '../support/recorded-steps';

const ROBOT = realFixture('vrm1/addon_debug_robot.vrm');

describe("a VRM avatar's recorded motion as .vrma", () => {
  it.skipIf(!existsSync(ROBOT))(
    'poses the same avatar within 0.01 rad per humanoid bone and 1 mm at the hips, at every frame',
    async () => {
      const rapier = await loadRapier();
      const doll = await loadModelDoll(ROBOT);
      const sandbox = new Sandbox(rapier, { seed: 12 });
      const recorder = recordSteps(sandbox);
      const figure = sandbox.addFigure(doll.spec);
      sandbox.run(1.5);
      sandbox.blast(8);
      sandbox.run(1);
      const motion = recordedFigureMotion(
        recorder,
        figure.id,
        doll.spec,
        recorder.firstFrame,
        recorder.lastFrame,
      );
      sandbox.dispose();
      const exported = exportFigureMotion(
        motion,
        {
          kind: 'vrm',
          vrm: {
            boneOwners: doll.rig.boneOwners,
            hipsOffset: doll.rig.hipsOffset,
            restHipsHeight: doll.loaded.bones['hips']![1],
          },
        },
        'vrma',
        'robot fall',
      );

      const { vrm } = await loadVrm(readFileSync(ROBOT), 'addon_debug_robot.vrm');
      const parts = doll.spec.parts.length;
      const root = doll.spec.parts.findIndex((part) => part.name === doll.spec.rootPart);
      let frame = 0;
      // The recorded frame as the view's body source: handle = part index.
      const source = {
        bodies: [],
        bodiesVersion: 0,
        readTransform(
          handle: number,
          position: { x: number; y: number; z: number },
          rotation: { x: number; y: number; z: number; w: number },
        ) {
          const r = (frame * parts + handle) * 4;
          rotation.x = motion.rotations[r]!;
          rotation.y = motion.rotations[r + 1]!;
          rotation.z = motion.rotations[r + 2]!;
          rotation.w = motion.rotations[r + 3]!;
          if (handle === root) {
            position.x = motion.rootPositions[frame * 3]!;
            position.y = motion.rootPositions[frame * 3 + 1]!;
            position.z = motion.rootPositions[frame * 3 + 2]!;
          }
          return true;
        },
      };
      const handles = new Map(doll.spec.parts.map((part, i) => [part.name, i]));
      const writer = new VrmPoseWriter(
        vrm,
        { ...doll.rig, rootPart: doll.spec.rootPart },
        handles,
        source,
      );
      const bones = [...doll.rig.boneOwners.keys()]
        .map(
          (name) =>
            [name, vrm.humanoid.getNormalizedBoneNode(name as never) as Object3D | null] as const,
        )
        .filter((entry): entry is readonly [(typeof entry)[0], Object3D] => entry[1] !== null);
      const hips = vrm.humanoid.getNormalizedBoneNode('hips')!;
      const expected = Array.from({ length: motion.frameCount }, (_, f) => {
        frame = f;
        writer.write();
        return {
          rotations: bones.map(([, node]) => node.quaternion.clone()),
          hips: hips.position.clone(),
        };
      });
      for (const [, node] of bones) node.quaternion.identity();

      const [{ GLTFLoader }, animationModule] = await Promise.all([
        import('three/addons/loaders/GLTFLoader.js'),
        import('@pixiv/three-vrm-animation'),
      ]);
      const loader = new GLTFLoader();
      loader.register((parser) => new animationModule.VRMAnimationLoaderPlugin(parser));
      const gltf = await new Promise<GLTF>((resolve, reject) =>
        loader.parse(exported.bytes.slice().buffer, '', resolve, reject),
      );
      const animation = (gltf.userData['vrmAnimations'] as never[])[0]!;
      const clip = animationModule.createVRMAnimationClip(animation, vrm);
      const mixer = new AnimationMixer(vrm.scene);
      mixer.clipAction(clip).play();
      const start = new Vector3(expected[0]!.hips.x, 0, expected[0]!.hips.z);
      let worstAngle = 0;
      let worstHips = 0;
      const q = new Quaternion();
      for (let f = 0; f < motion.frameCount; f++) {
        mixer.setTime(f / 30);
        bones.forEach(([, node], b) => {
          q.copy(node.quaternion);
          worstAngle = Math.max(worstAngle, q.angleTo(expected[f]!.rotations[b]!));
        });

        worstHips = Math.max(
          worstHips,
          hips.position.distanceTo(expected[f]!.hips.clone().sub(start)),
        );
      }
      expect(exported.frames).toBe(75);
      expect(bones.length).toBeGreaterThan(15);
      expect(worstAngle).toBeLessThan(0.01);
      expect(worstHips).toBeLessThan(0.001);
    },
  );
});
