import { Color, DoubleSide, FrontSide, MeshToonMaterial, SRGBColorSpace } from 'three';
import type { Texture, WebGLProgramParametersWithUniforms } from 'three';
import type { MmdMaterial } from '../../formats/mmd/mmd-model';

/** MMD's default light colour (154/255 grey), by which it scales a material's diffuse colour. */
const MMD_LIGHT = 154 / 255;

/** The textures one MMD material draws with, already decoded (null: none or not found). */
export interface MmdMaterialTextures {
  readonly map: Texture | null;
  /** The diffuse texture's file can hold transparency (see `imageHasAlpha`). */
  readonly mapHasAlpha: boolean;
  /** The toon ramp (the model's toon texture, or the built-in ramp). */
  readonly toon: Texture;
  /** The sphere map, drawn only for sphere modes 1 (multiply) and 2 (add). */
  readonly sphere: Texture | null;
}

/**
 * MMD reads toon textures vertically: the lit end at the top (v = 0 with `flipY = false`),
 * the shaded end at the bottom, and uses their colour, not just their red channel as
 * three.js's toon material does with its horizontal gradient map.
 */
const MMD_GRADIENT_CHUNK = /* glsl */ `
#ifdef USE_GRADIENTMAP
  uniform sampler2D gradientMap;
#endif
vec3 getGradientIrradiance( vec3 normal, vec3 lightDirection ) {
  float dotNL = dot( normal, lightDirection );
  #ifdef USE_GRADIENTMAP
    return texture2D( gradientMap, vec2( 0.5, 0.5 - 0.5 * dotNL ) ).rgb;
  #else
    return vec3( step( 0.0, dotNL ) * 0.2 + 0.8 );
  #endif
}
`;

/**
 * The lit colour MMD draws a material with before toon shading and textures: its diffuse
 * colour under MMD's default light plus its ambient colour, clamped (MMD's full.fx, where the
 * file's diffuse and ambient arrive as the shader's AMBIENT and EMISSIVE). A material with a
 * dark diffuse but a bright ambient (common) would otherwise draw nearly black.
 */
function baseColor(source: MmdMaterial): Color {
  const [r, g, b] = source.diffuse;
  const [ar, ag, ab] = source.ambient;
  const lit = (diffuse: number, ambient: number): number =>
    Math.min(1, Math.max(0, diffuse * MMD_LIGHT + ambient));
  return new Color().setRGB(lit(r, ar), lit(g, ag), lit(b, ab), SRGBColorSpace);
}

/** Samples the sphere map (a matcap) by the view-space normal and applies it to the colour. */
function sphereChunk(mode: 1 | 2): string {
  const apply =
    mode === 1 ? 'diffuseColor.rgb *= sphereColor;' : 'diffuseColor.rgb += sphereColor;';
  return /* glsl */ `
  {
    vec3 sphereNormal = normalize( normal );
    vec2 sphereUv = vec2( 0.5 + 0.5 * sphereNormal.x, 0.5 - 0.5 * sphereNormal.y );
    vec3 sphereColor = texture2D( mmdSphereMap, sphereUv ).rgb;
    ${apply}
  }
  #include <lights_toon_fragment>`;
}

/**
 * A `MeshToonMaterial` drawing one MMD material: its lit colour (see `baseColor`) and alpha, the diffuse texture,
 * transparency when the alpha is below 1 or the texture can hold transparency, both faces
 * when the material says so, the toon texture read MMD's way, and the sphere map (multiply
 * for .sph, add for .spa) patched into the shader. Sub-texture sphere mode (3) is not drawn.
 * The caller owns the textures (they may be shared between materials).
 */
export function createMmdToonMaterial(
  source: MmdMaterial,
  textures: MmdMaterialTextures,
): MeshToonMaterial {
  const alpha = source.diffuse[3];
  const material = new MeshToonMaterial({
    name: source.name,
    color: baseColor(source),
    opacity: alpha,
    transparent: alpha < 1 || (textures.map !== null && textures.mapHasAlpha),
    side: source.doubleSided ? DoubleSide : FrontSide,
    gradientMap: textures.toon,
    map: textures.map,
  });
  // A texture with cut-out holes (hair tips, lashes) should not hide what is behind its holes.
  if (material.transparent) material.alphaTest = 0.01;
  const sphereMode = source.sphereMode;
  const sphere = sphereMode === 1 || sphereMode === 2 ? textures.sphere : null;
  material.onBeforeCompile = (shader: WebGLProgramParametersWithUniforms) => {
    shader.fragmentShader = shader.fragmentShader.replace(
      '#include <gradientmap_pars_fragment>',
      MMD_GRADIENT_CHUNK,
    );
    if (sphere && (sphereMode === 1 || sphereMode === 2)) {
      shader.uniforms['mmdSphereMap'] = { value: sphere };
      shader.fragmentShader = `uniform sampler2D mmdSphereMap;\n${shader.fragmentShader}`.replace(
        '#include <lights_toon_fragment>',
        sphereChunk(sphereMode),
      );
    }
  };
  // Programs differ by sphere use, so three must not share one program between them.
  const key = `mmd-toon-${sphere ? sphereMode : 0}`;
  material.customProgramCacheKey = () => key;
  return material;
}
