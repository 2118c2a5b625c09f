import {
  BackSide,
  Color,
  DirectionalLight,
  Fog,
  HemisphereLight,
  Mesh,
  Scene,
  ShaderMaterial,
  SphereGeometry,
  Vector3,
} from 'three';
import type { Backdrop } from './backdrop';
import { ShadowCasterBounds } from './shadow-caster-bounds';

/** Sky colours: a clear blue overhead fading to a pale horizon the floor's fog meets. */
const SKY_TOP = new Color(0x5b8fd6);
const SKY_HORIZON = new Color(0xe8eef5);
/** Fog starts beyond the stage and hides the floor's far edge in the horizon colour. */
const FOG_NEAR = 18;
const FOG_FAR = 45;
const SKY_RADIUS = 80;
/** Where the sun stands, seen from the stage's centre (its direction is what counts). */
const SUN_POSITION = new Vector3(5, 10, 6);
/**
 * Half the side of the square the sun's shadow covers before anything is fitted, metres: the
 * stage and a margin. {@link SceneEnvironment.fitShadow} then fits it to the casters.
 */
const SHADOW_EXTENT = 8;
/** Bounds of a fitted half side, metres: sharp for one figure, wide for a scattered scene. */
const SHADOW_EXTENT_MIN = 2;
const SHADOW_EXTENT_MAX = 30;
/**
 * A fitted half side grows and shrinks in steps of this many metres, and the square moves in
 * whole texels: while the size holds, what does not move keeps its shadow texel for texel
 * (no shimmer on the stairs while a figure walks past them).
 */
const SHADOW_EXTENT_STEP = 0.5;
/** Room around the casters, metres: a figure's skin and hair reach past its bodies. */
const SHADOW_MARGIN = 0.25;
/** The shadow camera's depth range grows in steps of this many metres (never under 30). */
const SHADOW_DEPTH_STEP = 10;
const SHADOW_DEPTH_MIN = 30;
/**
 * Depth bias in metres: small, so thin parts (forearms) keep their shadow without acne on the
 * floor. three.js takes it as a share of the depth range, worked out per fit.
 */
const SHADOW_BIAS_METRES = 0.0145;
const SHADOW_MAP_SIZE = 2048;

const SKY_VERTEX = /* glsl */ `
varying vec3 vDirection;
void main() {
  vDirection = normalize(position);
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}`;

const SKY_FRAGMENT = /* glsl */ `
uniform vec3 topColor;
uniform vec3 horizonColor;
varying vec3 vDirection;
void main() {
  float t = pow(clamp(vDirection.y, 0.0, 1.0), 0.6);
  gl_FragColor = vec4(mix(horizonColor, topColor, t), 1.0);
  #include <colorspace_fragment>
}`;

/**
 * The scene's surroundings: sky dome, fog, and the lights, including the one shadow-casting
 * sun. Owns what it creates; {@link dispose} frees it.
 */
export class SceneEnvironment {
  readonly scene = new Scene();
  private readonly skyGeometry = new SphereGeometry(SKY_RADIUS, 32, 16);
  private readonly skyMaterial = new ShaderMaterial({
    uniforms: {
      topColor: { value: SKY_TOP },
      horizonColor: { value: SKY_HORIZON },
    },
    vertexShader: SKY_VERTEX,
    fragmentShader: SKY_FRAGMENT,
    side: BackSide,
    depthWrite: false,
    fog: false,
  });
  private readonly sky: Mesh;
  private readonly fog = new Fog(SKY_HORIZON, FOG_NEAR, FOG_FAR);
  /** The solid backdrop's colour, kept to reuse (the scene's background holds it). */
  private readonly solid = new Color();
  private readonly sun = new DirectionalLight(0xffffff, 2.4);
  /** The sun's light space, for {@link shadowBounds}. */
  private readonly lightSpace = new ShadowCasterBounds(SUN_POSITION);

  constructor() {
    this.scene.fog = this.fog;
    this.scene.background = SKY_HORIZON;
    const sky = new Mesh(this.skyGeometry, this.skyMaterial);
    sky.name = 'sky';
    sky.renderOrder = -1;
    sky.frustumCulled = false;
    this.sky = sky;
    this.scene.add(sky);
    this.scene.add(new HemisphereLight(0xdfeaff, 0x8a7d6b, 1.1));
    this.configureSun();
  }

  /**
   * Draws `backdrop` behind the scene from the next frame on. The sky brings its fog; a solid
   * colour or transparency draws no sky and no fog, so the floor's far edge is not tinted
   * towards a horizon that is not there and a chroma key meets one exact colour. Transparent
   * leaves the background to the renderer's clear colour, which has alpha 0 (see
   * `createRenderer`).
   */
  setBackdrop(backdrop: Backdrop): void {
    const sky = backdrop.kind === 'sky';
    this.sky.visible = sky;
    this.scene.fog = sky ? this.fog : null;
    if (backdrop.kind === 'sky') this.scene.background = SKY_HORIZON;
    else if (backdrop.kind === 'transparent') this.scene.background = null;
    else this.scene.background = this.solid.setHex(backdrop.rgb);
  }

  /** An empty box in the sun's light space, to gather casters in for {@link fitShadow}. */
  shadowBounds(): ShadowCasterBounds {
    return new ShadowCasterBounds(SUN_POSITION);
  }

  /** Half the side of the square the sun's shadow covers now, metres. */
  get shadowExtent(): number {
    return this.sun.shadow.camera.right;
  }

  /** The sun, for tests reading its shadow camera. */
  get sunLight(): DirectionalLight {
    return this.sun;
  }

  /**
   * Fits the sun's shadow camera around `casters` (gathered in {@link shadowBounds}): the
   * smallest square, in steps, that holds them all with a margin, moved in whole texels, and
   * a depth range from just sunward of the highest to the floor under the lowest. Call before
   * the shadow map is drawn; an empty box changes nothing. Allocates nothing.
   */
  fitShadow(casters: ShadowCasterBounds): void {
    if (casters.empty) return;
    const span = Math.max(casters.maxX - casters.minX, casters.maxY - casters.minY);
    const half = Math.min(
      SHADOW_EXTENT_MAX,
      Math.max(
        SHADOW_EXTENT_MIN,
        Math.ceil((span / 2 + SHADOW_MARGIN) / SHADOW_EXTENT_STEP) * SHADOW_EXTENT_STEP,
      ),
    );
    const texel = (2 * half) / SHADOW_MAP_SIZE;
    const cx = Math.round((casters.minX + casters.maxX) / 2 / texel) * texel;
    const cy = Math.round((casters.minY + casters.maxY) / 2 / texel) * texel;
    // The eye and the depth range move in whole steps too, so the depth bias stays put.
    const eyeZ = Math.ceil((casters.maxZ + 1) / SHADOW_EXTENT_STEP) * SHADOW_EXTENT_STEP;
    const depth = Math.max(
      SHADOW_DEPTH_MIN,
      Math.ceil((eyeZ - casters.minZ + 1) / SHADOW_DEPTH_STEP) * SHADOW_DEPTH_STEP,
    );
    const { axisX, axisY, axisZ } = this.lightSpace;
    const sun = this.sun;
    sun.position
      .copy(axisX)
      .multiplyScalar(cx)
      .addScaledVector(axisY, cy)
      .addScaledVector(axisZ, eyeZ);
    sun.target.position.copy(sun.position).sub(axisZ);
    setShadowBox(sun, half, 0.5, depth);
    sun.shadow.camera.updateProjectionMatrix();
  }

  /** Frees the sky and the shadow map. */
  dispose(): void {
    this.sun.shadow.dispose();
    this.skyGeometry.dispose();
    this.skyMaterial.dispose();
    this.scene.clear();
  }

  private configureSun(): void {
    const sun = this.sun;
    sun.position.copy(SUN_POSITION);
    sun.target.position.set(0, 0, 0);
    sun.castShadow = true;
    sun.shadow.mapSize.set(SHADOW_MAP_SIZE, SHADOW_MAP_SIZE);
    setShadowBox(sun, SHADOW_EXTENT, 1, 30);
    sun.shadow.normalBias = 0.02;
    this.scene.add(sun, sun.target);
  }
}

/**
 * Makes the sun's shadow camera a square `half` metres to each side of its axis, seeing from
 * `near` to `far` metres, with the depth bias that keeps {@link SHADOW_BIAS_METRES} over that
 * range. Allocates nothing.
 */
function setShadowBox(sun: DirectionalLight, half: number, near: number, far: number): void {
  const camera = sun.shadow.camera;
  camera.left = -half;
  camera.right = half;
  camera.top = half;
  camera.bottom = -half;
  camera.near = near;
  camera.far = far;
  sun.shadow.bias = -SHADOW_BIAS_METRES / (far - near);
}
