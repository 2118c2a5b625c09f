import {
  BufferAttribute,
  BufferGeometry,
  Group,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  OctahedronGeometry,
} from 'three';
import type { Link } from '../physics/links/sandbox-links';

/** What the drawing reads: the links and where their anchors are. */
export interface LinkLineSource {
  readonly list: readonly Link[];
  readEnds(
    link: Link,
    a: { x: number; y: number; z: number },
    b: { x: number; y: number; z: number },
  ): void;
}

/** Links drawn at once before the line buffer grows. */
const INITIAL_LINES = 16;
/** Weld and hinge marker size, metres. */
const MARKER_RADIUS = 0.05;

/** Line colours, RGB 0..1: a rope's tan, a spring's green. */
const ROPE_COLOR = [0.85, 0.7, 0.45] as const;
const SPRING_COLOR = [0.3, 0.85, 0.4] as const;

const scratchA = { x: 0, y: 0, z: 0 };
const scratchB = { x: 0, y: 0, z: 0 };

/**
 * The links drawn: a line between the anchors of each rope (tan) and spring (green), and a small
 * marker at each weld (grey) and hinge (blue). Pooled: a frame allocates nothing unless there
 * are more links than ever before.
 */
export class LinkLines {
  readonly group = new Group();
  private positions = new Float32Array(INITIAL_LINES * 6);
  private colors = new Float32Array(INITIAL_LINES * 6);
  private readonly geometry = new BufferGeometry();
  private readonly lines: LineSegments;
  private readonly lineMaterial = new LineBasicMaterial({ vertexColors: true, depthTest: false });
  private readonly markerGeometry = new OctahedronGeometry(MARKER_RADIUS);
  private readonly weldMaterial = new MeshBasicMaterial({ color: 0xb0b0b0, depthTest: false });
  private readonly hingeMaterial = new MeshBasicMaterial({ color: 0x3b8bff, depthTest: false });
  private readonly markers: Mesh[] = [];

  constructor(private readonly source: LinkLineSource) {
    this.group.name = 'links';
    this.group.renderOrder = 10;
    this.setBuffers();
    this.lines = new LineSegments(this.geometry, this.lineMaterial);
    this.lines.frustumCulled = false;
    this.lines.renderOrder = 10;
    this.group.add(this.lines);
  }

  /** Puts each link's line or marker where its anchors are now. */
  sync(): void {
    const links = this.source.list;
    if (links.length * 6 > this.positions.length) this.grow(links.length);
    let lines = 0;
    let markers = 0;
    for (let i = 0; i < links.length; i++) {
      const link = links[i]!;
      this.source.readEnds(link, scratchA, scratchB);
      const type = link.geometry.type;
      if (type === 'rope' || type === 'spring') {
        this.writeLine(lines++, type === 'rope');
        continue;
      }
      while (this.markers.length <= markers) this.markers.push(this.createMarker());
      const marker = this.markers[markers++]!;
      marker.material = type === 'weld' ? this.weldMaterial : this.hingeMaterial;
      marker.position.set(scratchA.x, scratchA.y, scratchA.z);
      marker.visible = true;
    }
    for (let i = markers; i < this.markers.length; i++) this.markers[i]!.visible = false;
    this.geometry.setDrawRange(0, lines * 2);
    this.geometry.attributes['position']!.needsUpdate = true;
    this.geometry.attributes['color']!.needsUpdate = true;
  }

  dispose(): void {
    this.geometry.dispose();
    this.lineMaterial.dispose();
    this.markerGeometry.dispose();
    this.weldMaterial.dispose();
    this.hingeMaterial.dispose();
    this.group.removeFromParent();
  }

  private writeLine(index: number, rope: boolean): void {
    const p = this.positions;
    const c = this.colors;
    const at = index * 6;
    p[at] = scratchA.x;
    p[at + 1] = scratchA.y;
    p[at + 2] = scratchA.z;
    p[at + 3] = scratchB.x;
    p[at + 4] = scratchB.y;
    p[at + 5] = scratchB.z;
    const color = rope ? ROPE_COLOR : SPRING_COLOR;
    for (let k = 0; k < 6; k += 3) {
      c[at + k] = color[0];
      c[at + k + 1] = color[1];
      c[at + k + 2] = color[2];
    }
  }

  private grow(links: number): void {
    const size = Math.max(links, (this.positions.length / 6) * 2) * 6;
    this.positions = new Float32Array(size);
    this.colors = new Float32Array(size);
    this.setBuffers();
  }

  private setBuffers(): void {
    this.geometry.setAttribute('position', new BufferAttribute(this.positions, 3));
    this.geometry.setAttribute('color', new BufferAttribute(this.colors, 3));
  }

  private createMarker(): Mesh {
    const marker = new Mesh(this.markerGeometry, this.weldMaterial);
    marker.renderOrder = 10;
    this.group.add(marker);
    return marker;
  }
}
