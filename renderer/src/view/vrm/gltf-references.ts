/**
 * Checks that every index a glTF's JSON uses to point at another of its items (a buffer
 * view's buffer, an accessor's view, a primitive's attributes and material, a node's mesh,
 * skin and children, an animation's samplers…) names one that exists. three.js's GLTFLoader
 * follows them without looking: a view naming buffer 7 of 1 makes it throw inside a promise
 * nobody waits on, besides refusing the file in its own words.
 */

type Json = Record<string, unknown>;

/** One reference to check: where it is (for the message), its value, what it points into. */
interface Reference {
  readonly at: string;
  readonly value: unknown;
  readonly into: string;
  readonly required?: boolean;
}

function records(value: unknown): Json[] {
  if (!Array.isArray(value)) return [];
  return value.map((item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Json) : {},
  );
}

function record(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : {};
}

function values(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

const MATERIAL_TEXTURES = ['normalTexture', 'occlusionTexture', 'emissiveTexture'] as const;
const PBR_TEXTURES = ['baseColorTexture', 'metallicRoughnessTexture'] as const;

function accessorReferences(json: Json): Reference[] {
  return records(json['accessors']).flatMap((accessor, i) => {
    const sparse = record(accessor['sparse']);
    return [
      { at: `accessor ${i}`, value: accessor['bufferView'], into: 'bufferViews' },
      {
        at: `accessor ${i}'s sparse indices`,
        value: record(sparse['indices'])['bufferView'],
        into: 'bufferViews',
        required: accessor['sparse'] !== undefined,
      },
      {
        at: `accessor ${i}'s sparse values`,
        value: record(sparse['values'])['bufferView'],
        into: 'bufferViews',
        required: accessor['sparse'] !== undefined,
      },
    ];
  });
}

function meshReferences(json: Json): Reference[] {
  return records(json['meshes']).flatMap((mesh, m) =>
    records(mesh['primitives']).flatMap((primitive, p) => {
      const at = `mesh ${m} primitive ${p}`;
      const attributes = Object.entries(record(primitive['attributes'])).map(([name, value]) => ({
        at: `${at} attribute ${name}`,
        value,
        into: 'accessors',
        required: true,
      }));
      const targets = records(primitive['targets']).flatMap((target, t) =>
        Object.entries(target).map(([name, value]) => ({
          at: `${at} morph target ${t} ${name}`,
          value,
          into: 'accessors',
          required: true,
        })),
      );
      return [
        ...attributes,
        ...targets,
        { at: `${at} indices`, value: primitive['indices'], into: 'accessors' },
        { at: `${at} material`, value: primitive['material'], into: 'materials' },
      ];
    }),
  );
}

function nodeReferences(json: Json): Reference[] {
  return records(json['nodes']).flatMap((node, i) => [
    { at: `node ${i} mesh`, value: node['mesh'], into: 'meshes' },
    { at: `node ${i} skin`, value: node['skin'], into: 'skins' },
    { at: `node ${i} camera`, value: node['camera'], into: 'cameras' },
    ...values(node['children']).map((value) => ({
      at: `node ${i} child`,
      value,
      into: 'nodes',
      required: true,
    })),
  ]);
}

function skinAndSceneReferences(json: Json): Reference[] {
  const skins = records(json['skins']).flatMap((skin, i) => [
    {
      at: `skin ${i} inverse bind matrices`,
      value: skin['inverseBindMatrices'],
      into: 'accessors',
    },
    { at: `skin ${i} skeleton`, value: skin['skeleton'], into: 'nodes' },
    ...values(skin['joints']).map((value) => ({
      at: `skin ${i} joint`,
      value,
      into: 'nodes',
      required: true,
    })),
  ]);
  const scenes = records(json['scenes']).flatMap((scene, i) =>
    values(scene['nodes']).map((value) => ({
      at: `scene ${i}`,
      value,
      into: 'nodes',
      required: true,
    })),
  );
  return [...skins, ...scenes, { at: 'the default scene', value: json['scene'], into: 'scenes' }];
}

function imageAndMaterialReferences(json: Json): Reference[] {
  const views = records(json['bufferViews']).map((view, i) => ({
    at: `buffer view ${i}`,
    value: view['buffer'],
    into: 'buffers',
    required: true,
  }));
  const images = records(json['images']).map((image, i) => ({
    at: `image ${i}`,
    value: image['bufferView'],
    into: 'bufferViews',
  }));
  const textures = records(json['textures']).flatMap((texture, i) => [
    { at: `texture ${i} source`, value: texture['source'], into: 'images' },
    { at: `texture ${i} sampler`, value: texture['sampler'], into: 'samplers' },
  ]);
  const materials = records(json['materials']).flatMap((material, i) => {
    const pbr = record(material['pbrMetallicRoughness']);
    return [
      ...MATERIAL_TEXTURES.map((slot) => ({ slot, info: material[slot] })),
      ...PBR_TEXTURES.map((slot) => ({ slot, info: pbr[slot] })),
    ]
      .filter(({ info }) => info !== undefined)
      .map(({ slot, info }) => ({
        at: `material ${i} ${slot}`,
        value: record(info)['index'],
        into: 'textures',
        required: true,
      }));
  });
  return [...views, ...images, ...textures, ...materials];
}

function animationReferences(json: Json): Reference[] {
  return records(json['animations']).flatMap((animation, a) => {
    const samplers = records(animation['samplers']);
    const own = samplers.flatMap((sampler, s) => [
      {
        at: `animation ${a} sampler ${s} input`,
        value: sampler['input'],
        into: 'accessors',
        required: true,
      },
      {
        at: `animation ${a} sampler ${s} output`,
        value: sampler['output'],
        into: 'accessors',
        required: true,
      },
    ]);
    const channels = records(animation['channels']).flatMap((channel, c) => {
      const sampler = channel['sampler'];
      const badSampler = !isIndexInto(sampler, samplers.length);
      return [
        ...(badSampler
          ? [
              {
                at: `animation ${a} channel ${c} sampler`,
                value: sampler,
                into: `animation ${a}'s samplers`,
                required: true,
              },
            ]
          : []),
        {
          at: `animation ${a} channel ${c} target`,
          value: record(channel['target'])['node'],
          into: 'nodes',
        },
      ];
    });
    return [...own, ...channels];
  });
}

function isIndexInto(value: unknown, length: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < length;
}

/**
 * The first reference in `json` that names no existing item, as a sentence without the file
 * name (e.g. "buffer view 3 refers to buffers 7, but the file has 1"), or null when all do.
 */
export function gltfReferenceProblem(json: Json): string | null {
  const references = [
    ...imageAndMaterialReferences(json),
    ...accessorReferences(json),
    ...meshReferences(json),
    ...nodeReferences(json),
    ...skinAndSceneReferences(json),
    ...animationReferences(json),
  ];
  for (const reference of references) {
    if (reference.value === undefined && reference.required !== true) continue;
    const length = reference.into.startsWith('animation ')
      ? -1
      : Array.isArray(json[reference.into])
        ? (json[reference.into] as unknown[]).length
        : 0;
    if (length >= 0 && isIndexInto(reference.value, length)) continue;
    const has = length >= 0 ? `the file has ${length}` : 'there is no such sampler';
    return `${reference.at} refers to ${reference.into} ${JSON.stringify(reference.value) ?? 'nothing'}, but ${has}`;
  }
  return null;
}
