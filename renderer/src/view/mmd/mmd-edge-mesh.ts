import {
  BackSide,
  BufferAttribute,
  BufferGeometry,
  Color,
  ShaderMaterial,
  SkinnedMesh,
  SRGBColorSpace,
  UniformsLib,
  UniformsUtils,
} from 'three';
import type { MmdMaterial } from '../../formats/mmd/mmd-model';
import { markAsOutline } from '../outline-mesh';

/**
 * Edge width per unit of a material's edge size, as a share of half the view's height. Like
 * MMD, the width stays the same on screen however far the figure is: three.js's old MMD
 * outline drew `edgeSize / 300` of it, so MMD's usual size 1 is about 1.3 px in an 800 px view.
 */
export const EDGE_WIDTH_PER_SIZE = 1 / 300;

/**
 * The inverted hull: skinned like the surface, pushed out along the view-space normal by the
 * vertex's edge size, scaled with depth so the width is constant on screen (MToon's
 * `screenCoordinates` outline does the same). Only back faces are drawn, so the hull shows
 * just past the silhouette and at creases.
 */
const EDGE_VERTEX = /* glsl */ `
#include <common>
#include <skinning_pars_vertex>
#include <fog_pars_vertex>
#include <logdepthbuf_pars_vertex>
attribute vec4 edgeColor;
attribute float edgeSize;
uniform float edgeWidth;
varying vec4 vEdgeColor;
void main() {
  #include <beginnormal_vertex>
  #include <skinbase_vertex>
  #include <skinnormal_vertex>
  // Not defaultnormal_vertex: for a back-side material it turns the normal inwards.
  vec3 edgeNormal = normalize( normalMatrix * objectNormal );
  #include <begin_vertex>
  #include <skinning_vertex>
  #include <project_vertex>
  float perspective = isOrthographic ? 1.0 : - mvPosition.z;
  mvPosition.xyz += edgeNormal * ( edgeSize * edgeWidth * perspective / projectionMatrix[ 1 ][ 1 ] );
  gl_Position = projectionMatrix * mvPosition;
  vEdgeColor = edgeColor;
  #include <logdepthbuf_vertex>
  #include <fog_vertex>
}`;

const EDGE_FRAGMENT = /* glsl */ `
#include <common>
#include <fog_pars_fragment>
#include <logdepthbuf_pars_fragment>
varying vec4 vEdgeColor;
void main() {
  #include <logdepthbuf_fragment>
  gl_FragColor = vEdgeColor;
  #include <colorspace_fragment>
  #include <fog_fragment>
}`;

/** Whether MMD draws `material`'s edge: flagged, with a size and colour that show on a surface that shows. */
export function drawsEdge(material: MmdMaterial): boolean {
  return (
    material.drawsEdge &&
    material.edgeSize > 0 &&
    material.edgeColor[3] > 0 &&
    material.diffuse[3] > 0
  );
}

/**
 * The model's edges (輪郭線) as MMD draws them, or null when no material draws one: one
 * skinned mesh over the surface's skeleton, sharing the surface's vertex buffers, whose index
 * holds the triangles of the materials that draw an edge (see {@link drawsEdge}), each vertex
 * carrying its material's edge colour and size. A vertex two such materials share takes the
 * first one's. One draw call for the whole model. The mesh is an outline (see `markAsOutline`):
 * it casts no shadow and is never picked. Disposing its geometry and material is the caller's
 * job, with the surface's (their buffers are shared).
 *
 * @param surface - the model's skinned surface, bound, one draw group per material in order
 */
export function buildMmdEdgeMesh(
  surface: SkinnedMesh,
  materials: readonly MmdMaterial[],
): SkinnedMesh<BufferGeometry, ShaderMaterial> | null {
  const source = surface.geometry;
  const sourceIndex = source.getIndex();
  if (sourceIndex === null) return null;
  const edged = source.groups.filter((group) => {
    const material = materials[group.materialIndex ?? -1];
    return material !== undefined && drawsEdge(material);
  });
  if (edged.length === 0) return null;
  const vertexCount = source.getAttribute('position').count;
  const colors = new Float32Array(vertexCount * 4);
  const sizes = new Float32Array(vertexCount);
  const claimed = new Uint8Array(vertexCount);
  const indices = new Uint32Array(edged.reduce((sum, group) => sum + group.count, 0));
  const color = new Color();
  let written = 0;
  let translucent = false;
  for (const group of edged) {
    const material = materials[group.materialIndex!]!;
    const [r, g, b, a] = material.edgeColor;
    color.setRGB(r, g, b, SRGBColorSpace);
    translucent ||= a < 1;
    for (let i = group.start; i < group.start + group.count; i++) {
      const vertex = sourceIndex.getX(i);
      indices[written++] = vertex;
      if (claimed[vertex] === 1) continue;
      claimed[vertex] = 1;
      colors[vertex * 4] = color.r;
      colors[vertex * 4 + 1] = color.g;
      colors[vertex * 4 + 2] = color.b;
      colors[vertex * 4 + 3] = a;
      sizes[vertex] = material.edgeSize;
    }
  }
  const geometry = new BufferGeometry();
  for (const name of ['position', 'normal', 'skinIndex', 'skinWeight'])
    geometry.setAttribute(name, source.getAttribute(name));
  geometry.setAttribute('edgeColor', new BufferAttribute(colors, 4));
  geometry.setAttribute('edgeSize', new BufferAttribute(sizes, 1));
  geometry.setIndex(new BufferAttribute(indices, 1));
  if (source.boundingSphere) geometry.boundingSphere = source.boundingSphere.clone();
  const material = new ShaderMaterial({
    name: 'mmd-edge',
    uniforms: UniformsUtils.merge([UniformsLib.fog, { edgeWidth: { value: EDGE_WIDTH_PER_SIZE } }]),
    vertexShader: EDGE_VERTEX,
    fragmentShader: EDGE_FRAGMENT,
    side: BackSide,
    fog: true,
    transparent: translucent,
  });
  const edge = new SkinnedMesh(geometry, material);
  edge.name = `${surface.name} (edges)`;
  // Like the surface: its bounds are the rest pose at the origin.
  edge.frustumCulled = false;
  markAsOutline(edge);
  edge.bind(surface.skeleton, surface.bindMatrix);
  return edge;
}
