import {
  BoxGeometry,
  CanvasTexture,
  Group,
  Mesh,
  MeshStandardMaterial,
  RepeatWrapping,
  SRGBColorSpace,
} from 'three';
import type { StageBox, StageLayout } from '../physics/stage';

/** Surface colour of each stage role: warm wood for the slope, stone for stairs and wall. */
const ROLE_COLORS: Readonly<Record<StageBox['role'], number>> = {
  floor: 0xd9dde3,
  slope: 0xc9a27a,
  stair: 0xaab2bd,
  wall: 0xb5836b,
};

/** One grid cell of the floor texture is this many metres, so distances read at a glance. */
const FLOOR_CELL_METRES = 1;

/**
 * The fixed stage drawn from the same {@link StageLayout} the physics built, so the view
 * holds no stage numbers of its own.
 */
export class StageMesh {
  /** Add this to the scene. */
  readonly group = new Group();
  private readonly geometries: BoxGeometry[] = [];
  private readonly materials: MeshStandardMaterial[] = [];
  private readonly floorTexture: CanvasTexture;

  constructor(layout: StageLayout) {
    this.group.name = 'stage';
    this.floorTexture = createGridTexture();
    for (const box of layout.boxes) this.group.add(this.createBoxMesh(box));
  }

  /** Frees the stage's geometries, materials and texture. */
  dispose(): void {
    this.group.removeFromParent();
    this.group.clear();
    for (const geometry of this.geometries) geometry.dispose();
    for (const material of this.materials) material.dispose();
    this.floorTexture.dispose();
    this.geometries.length = 0;
    this.materials.length = 0;
  }

  private createBoxMesh(box: StageBox): Mesh {
    const [hx, hy, hz] = box.halfExtents;
    const geometry = new BoxGeometry(hx * 2, hy * 2, hz * 2);
    const material = new MeshStandardMaterial({
      color: ROLE_COLORS[box.role],
      roughness: box.role === 'floor' ? 0.95 : 0.8,
      metalness: 0,
    });
    if (box.role === 'floor') {
      // The texture spans the top face; repeat it once per cell.
      const texture = this.floorTexture;
      texture.repeat.set((hx * 2) / FLOOR_CELL_METRES, (hz * 2) / FLOOR_CELL_METRES);
      material.map = texture;
    }
    this.geometries.push(geometry);
    this.materials.push(material);
    const mesh = new Mesh(geometry, material);
    mesh.name = box.name;
    mesh.position.set(...box.center);
    mesh.quaternion.set(...box.rotation);
    mesh.receiveShadow = true;
    mesh.castShadow = stageBoxCastsShadow(box);
    return mesh;
  }
}

/** The floor only receives; everything raised also casts, so the slope and stairs shade. */
export function stageBoxCastsShadow(box: StageBox): boolean {
  return box.role !== 'floor';
}

/** A light tile with a darker border: a 1 m grid once repeated over the floor. */
function createGridTexture(): CanvasTexture {
  const size = 128;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (context) {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size, size);
    context.strokeStyle = '#b9c0ca';
    context.lineWidth = 3;
    context.strokeRect(0, 0, size, size);
  }
  const texture = new CanvasTexture(canvas);
  texture.wrapS = RepeatWrapping;
  texture.wrapT = RepeatWrapping;
  texture.colorSpace = SRGBColorSpace;
  texture.anisotropy = 4;
  return texture;
}
