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
} from 'three';

/** Sky colours: a clear blue overhead fading to a pale horizon the floor's fog meets. */
const SKY_TOP = new Color(0x5b8fd6);
const SKY_HORIZON = new Color(0xe8eef5);
/** Fog starts beyond the stage and hides the floor's far edge in the horizon colour. */
const FOG_NEAR = 18;
const FOG_FAR = 45;
const SKY_RADIUS = 80;
/** Half the side of the square the sun's shadow covers, metres: the stage and a margin. */
const SHADOW_EXTENT = 8;
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
  private readonly sun = new DirectionalLight(0xffffff, 2.4);

  constructor() {
    this.scene.fog = new Fog(SKY_HORIZON, FOG_NEAR, FOG_FAR);
    this.scene.background = SKY_HORIZON;
    const sky = new Mesh(this.skyGeometry, this.skyMaterial);
    sky.name = 'sky';
    sky.renderOrder = -1;
    sky.frustumCulled = false;
    this.scene.add(sky);
    this.scene.add(new HemisphereLight(0xdfeaff, 0x8a7d6b, 1.1));
    this.configureSun();
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
    sun.position.set(5, 10, 6);
    sun.target.position.set(0, 0, 0);
    sun.castShadow = true;
    sun.shadow.mapSize.set(SHADOW_MAP_SIZE, SHADOW_MAP_SIZE);
    const camera = sun.shadow.camera;
    camera.left = -SHADOW_EXTENT;
    camera.right = SHADOW_EXTENT;
    camera.top = SHADOW_EXTENT;
    camera.bottom = -SHADOW_EXTENT;
    camera.near = 1;
    camera.far = 30;
    // Small bias so thin parts (forearms) keep their shadow without acne on the floor.
    sun.shadow.bias = -0.0005;
    sun.shadow.normalBias = 0.02;
    this.scene.add(sun, sun.target);
  }
}
