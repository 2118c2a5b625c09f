/**
 * Splits one traced start of the renderer (Chromium's trace events, see scripts/lib/start-trace.ts)
 * into where the time went, on the page's own clock (ms after navigation start): the main
 * thread's time up to the first drawn frame by kind (our scripts' compile and run, the WebGL
 * context, waiting for shader programs, layout, the harness's own script...), each chunk's
 * fetch and compile, and what comes after the first frame (Rapier's WebAssembly: the wait
 * before its compile starts, then the compile). Pure: no browser, so it is checked on a small
 * made-up trace.
 */

/** One Chromium trace event, as `Tracing.dataCollected` reports it (times in µs). */
export interface TraceEvent {
  readonly name: string;
  readonly cat?: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: {
    readonly name?: string;
    readonly data?: Record<string, unknown> | null;
    readonly [key: string]: unknown;
  };
}

/** The page's own start marks (boot.ts's START_MARKS), ms after navigation start. */
export type StartMarks = Readonly<Record<string, number>>;

/** One chunk's trip, ms after navigation start (null: not seen in the trace). */
export interface ChunkTiming {
  /** The file name without its content hash, e.g. `three.module.js`. */
  readonly name: string;
  readonly bytes: number | null;
  readonly fetchStart: number | null;
  readonly fetchEnd: number | null;
  /** Main-thread compile (`v8.compileModule`, the finishing part of a streamed compile). */
  readonly compileMs: number;
  /** Code cache written for it on the main thread during the trace (`v8.produceModuleCache`). */
  readonly cacheWriteMs: number;
}

/** Where one start's time went. */
export interface StartBreakdown {
  /** The first drawn frame: start and end of the render loop's first frame callback. */
  readonly firstFrame: { readonly start: number; readonly end: number };
  /** Main-thread ms from navigation start to the first frame's end, by kind (they add up). */
  readonly beforeFirstFrame: Readonly<Record<MainThreadKind, number>>;
  /** Inside the first frame callback alone, by kind. */
  readonly inFirstFrame: Readonly<Record<MainThreadKind, number>>;
  /** Shader programs whose link status was waited for in the first frame. */
  readonly firstFramePrograms: number;
  /**
   * Counts up to the first frame's end, which the machine's load does not change: times the
   * main thread stopped for an answer from the GPU process, and functions V8 compiled on it.
   */
  readonly counts: { readonly gpuWaits: number; readonly mainThreadCompiles: number };
  readonly chunks: readonly ChunkTiming[];
  /** After the first frame, ms: Rapier from the call to a running sandbox, split. */
  readonly physics: {
    /**
     * From the start of `startPhysics` to WebAssembly compile starting: the fetch of the
     * `.wasm` file a streaming compile starts with, or a JS base64 decode (builds before the
     * file was used).
     */
    readonly beforeCompileMs: number | null;
    /** WebAssembly compile and instantiate (async compile start → instantiate end). */
    readonly wasmMs: number | null;
    /** From `startPhysics` starting to the sandbox with its box figure. */
    readonly totalMs: number | null;
  };
  readonly marks: StartMarks;
}

/** The kinds the main thread's time is put in, in print order. */
export const MAIN_THREAD_KINDS = [
  'document load and HTML parse',
  'style, layout, paint',
  'JS parse and compile',
  'JS running (ours and three.js)',
  'GC',
  'code cache written',
  'WebGL context created',
  'GPU wait: context start-up queries',
  'GPU wait: framebuffer checks, errors',
  'GPU wait: shader programs (compile, link)',
  'GPU wait: other (flushes, uploads)',
  'harness (Playwright script, profiler)',
  'compositor teardown (browser)',
  'other tasks',
  'idle (waiting for network or GPU process)',
] as const;

export type MainThreadKind = (typeof MAIN_THREAD_KINDS)[number];

/** Trace event names that set the kind of their own time and of what they contain. */
const KIND_OF_EVENT: Readonly<Record<string, MainThreadKind>> = {
  'DocumentLoader::CommitNavigation': 'document load and HTML parse',
  ParseHTML: 'document load and HTML parse',
  Layout: 'style, layout, paint',
  UpdateLayoutTree: 'style, layout, paint',
  'Blink.Style.UpdateTime': 'style, layout, paint',
  'Blink.Layout.UpdateTime': 'style, layout, paint',
  'Blink.Paint.UpdateTime': 'style, layout, paint',
  PrePaint: 'style, layout, paint',
  Paint: 'style, layout, paint',
  Layerize: 'style, layout, paint',
  'v8.compileModule': 'JS parse and compile',
  'v8.compile': 'JS parse and compile',
  'V8.CompileCode': 'JS parse and compile',
  'V8.ParseFunction': 'JS parse and compile',
  'V8.CompileLazy': 'JS parse and compile',
  'v8.evaluateModule': 'JS running (ours and three.js)',
  FunctionCall: 'JS running (ours and three.js)',
  RunMicrotasks: 'JS running (ours and three.js)',
  TimerFire: 'JS running (ours and three.js)',
  FireAnimationFrame: 'JS running (ours and three.js)',
  EventDispatch: 'JS running (ours and three.js)',
  MinorGC: 'GC',
  MajorGC: 'GC',
  'V8.GCScavenger': 'GC',
  'V8.GC_MARK_COMPACTOR': 'GC',
  BlinkGC: 'GC',
  'v8.produceModuleCache': 'code cache written',
  'GpuChannelHost::CreateViewCommandBuffer': 'WebGL context created',
  'GLES2Implementation::GetProgramiv': 'GPU wait: shader programs (compile, link)',
  'GLES2Implementation::GetProgramInfoLog': 'GPU wait: shader programs (compile, link)',
  'GLES2Implementation::GetShaderiv': 'GPU wait: shader programs (compile, link)',
  'GLES2::GetString': 'GPU wait: context start-up queries',
  'GLES2Implementation::GetIntegerv': 'GPU wait: context start-up queries',
  'GLES2Implementation::GetShaderPrecisionFormat': 'GPU wait: context start-up queries',
  'GLES2Implementation::CheckFramebufferStatus': 'GPU wait: framebuffer checks, errors',
  'GLES2::GetGLError': 'GPU wait: framebuffer checks, errors',
  'CpuProfiler::StartProfiling': 'harness (Playwright script, profiler)',
  // The page replacing the first blank document's compositor: the browser's own.
  'ProxyMain::Stop': 'compositor teardown (browser)',
  'LayerTreeHost::~LayerTreeHost': 'compositor teardown (browser)',
};

/** Events that are whole tasks: the time between them is the main thread idling. */
const TASK_EVENT = 'ThreadControllerImpl::RunTask';

const emptyKinds = (): Record<MainThreadKind, number> =>
  Object.fromEntries(MAIN_THREAD_KINDS.map((kind) => [kind, 0])) as Record<MainThreadKind, number>;

/** The kind of an event itself, or undefined when it takes its parent's. */
function kindOf(event: TraceEvent, parent: MainThreadKind | undefined): MainThreadKind | undefined {
  // A classic script on this page is never ours (the app is modules): it is the harness's.
  if (event.name === 'EvaluateScript') return 'harness (Playwright script, profiler)';
  // Waiting on the GPU process counts for the call that waits, when that call is named.
  if (event.name === 'ImplementationBase::WaitForCmd')
    return parent?.startsWith('GPU wait') ? parent : 'GPU wait: other (flushes, uploads)';
  return KIND_OF_EVENT[event.name];
}

/**
 * Splits the main thread's complete events inside [from, to] µs into kinds, each event's own
 * time (less its children's) going to its nearest kind-setting ancestor, or 'other tasks'.
 */
function mainThreadKinds(
  events: readonly TraceEvent[],
  from: number,
  to: number,
): Record<MainThreadKind, number> {
  const kinds = emptyKinds();
  const stack: { end: number; kind: MainThreadKind }[] = [];
  let busyUntil = from;
  for (const event of events) {
    const start = Math.max(event.ts, from);
    const end = Math.min(event.ts + (event.dur ?? 0), to);
    while (stack.length > 0 && stack[stack.length - 1]!.end <= event.ts) stack.pop();
    const parent = stack[stack.length - 1];
    const kind = kindOf(event, parent?.kind) ?? parent?.kind ?? 'other tasks';
    stack.push({ end: event.ts + (event.dur ?? 0), kind });
    if (end <= start) continue;
    const duration = end - start;
    if (parent === undefined) {
      if (event.name === TASK_EVENT || stack.length === 1) {
        kinds['idle (waiting for network or GPU process)'] += Math.max(0, start - busyUntil);
        busyUntil = Math.max(busyUntil, end);
      }
    } else {
      // The child's time leaves the parent's kind and goes to its own.
      kinds[parent.kind] -= duration;
    }
    kinds[kind] += duration;
  }
  kinds['idle (waiting for network or GPU process)'] += Math.max(0, to - busyUntil);
  for (const kind of MAIN_THREAD_KINDS) kinds[kind] /= 1000;
  return kinds;
}

/** `three.module-BhVWBVc2.js` → `three.module.js`. */
function chunkName(url: string): string {
  const file = url.slice(url.lastIndexOf('/') + 1);
  return file.replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js');
}

const dataOf = (event: TraceEvent): Record<string, unknown> => event.args?.data ?? {};

function chunkTimings(
  events: readonly TraceEvent[],
  mainEvents: readonly TraceEvent[],
  origin: string,
  ms: (ts: number) => number,
): ChunkTiming[] {
  const chunks = new Map<
    string,
    {
      name: string;
      bytes: number | null;
      fetchStart: number | null;
      fetchEnd: number | null;
      compileMs: number;
      cacheWriteMs: number;
    }
  >();
  const requests = new Map<string, string>();
  const chunkOf = (url: string) => {
    let chunk = chunks.get(url);
    if (!chunk) {
      chunk = {
        name: chunkName(url),
        bytes: null,
        fetchStart: null,
        fetchEnd: null,
        compileMs: 0,
        cacheWriteMs: 0,
      };
      chunks.set(url, chunk);
    }
    return chunk;
  };
  for (const event of events) {
    const data = dataOf(event);
    const url = typeof data.url === 'string' ? data.url : undefined;
    if (event.name === 'ResourceSendRequest' && url?.startsWith(origin) && url.endsWith('.js')) {
      requests.set(String(data.requestId), url);
      chunkOf(url).fetchStart ??= ms(event.ts);
    } else if (event.name === 'ResourceFinish') {
      const requested = requests.get(String(data.requestId));
      if (requested === undefined) continue;
      const chunk = chunkOf(requested);
      chunk.fetchEnd = ms(event.ts);
      if (typeof data.encodedDataLength === 'number' && data.encodedDataLength > 0)
        chunk.bytes = data.encodedDataLength;
    }
  }
  for (const event of mainEvents) {
    const url = dataOf(event).url;
    if (typeof url !== 'string' || !chunks.has(url)) continue;
    if (event.name === 'v8.compileModule') chunkOf(url).compileMs += (event.dur ?? 0) / 1000;
    else if (event.name === 'v8.produceModuleCache')
      chunkOf(url).cacheWriteMs += (event.dur ?? 0) / 1000;
  }
  return [...chunks.values()].sort((a, b) => (a.fetchStart ?? 0) - (b.fetchStart ?? 0));
}

/** How many of `events` named `name` start before `end` µs. */
const countUntil = (events: readonly TraceEvent[], name: string, end: number): number =>
  events.filter((event) => event.name === name && event.ts < end).length;

/** The first of `events` named `name` (sorted by time), or undefined. */
const firstNamed = (events: readonly TraceEvent[], name: string): TraceEvent | undefined =>
  events.find((event) => event.name === name);

/**
 * Splits a traced start. `marks` are the page's own performance marks (ms after navigation
 * start), `pageUrl` the page that was opened; the frame loop's callback is the function
 * named `frameFunction` in a script whose URL contains `frameScript`.
 * @throws when the trace holds no navigation to `pageUrl` or no first frame
 */
export function breakdownStart(
  events: readonly TraceEvent[],
  marks: StartMarks,
  pageUrl: string,
  frame: { readonly frameFunction: string; readonly frameScript: string },
  physicsMarks: { readonly start: string; readonly ready: string },
): StartBreakdown {
  const navigation = events.find(
    (event) => event.name === 'navigationStart' && dataOf(event).documentLoaderURL === pageUrl,
  );
  if (!navigation) throw new Error(`start breakdown: no navigation to ${pageUrl} in the trace`);
  const origin = new URL(pageUrl).origin;
  const ms = (ts: number): number => (ts - navigation.ts) / 1000;
  const threadNames = new Map<string, string>();
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name')
      threadNames.set(`${event.pid}:${event.tid}`, String(event.args?.name));
  }
  const mainKey = [...threadNames].find(
    ([key, name]) => name === 'CrRendererMain' && key.startsWith(`${navigation.pid}:`),
  )?.[0];
  const mainEvents = events
    .filter((event) => event.ph === 'X' && `${event.pid}:${event.tid}` === mainKey)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const frameCall = mainEvents.find((event) => {
    const data = dataOf(event);
    return (
      event.name === 'FunctionCall' &&
      data.functionName === frame.frameFunction &&
      String(data.url ?? '').includes(frame.frameScript)
    );
  });
  if (!frameCall) throw new Error('start breakdown: no first frame in the trace');
  const frameEnd = frameCall.ts + (frameCall.dur ?? 0);
  const inFrame = mainEvents.filter((event) => event.ts >= frameCall.ts && event.ts < frameEnd);
  const programWaits = inFrame.filter(
    (event) => event.name === 'GLES2Implementation::GetProgramiv' && (event.dur ?? 0) > 1000,
  );
  return {
    firstFrame: { start: ms(frameCall.ts), end: ms(frameEnd) },
    beforeFirstFrame: mainThreadKinds(mainEvents, navigation.ts, frameEnd),
    inFirstFrame: mainThreadKinds(inFrame, frameCall.ts, frameEnd),
    firstFramePrograms: programWaits.length,
    counts: {
      gpuWaits: countUntil(mainEvents, 'ImplementationBase::WaitForCmd', frameEnd),
      mainThreadCompiles: countUntil(mainEvents, 'V8.CompileCode', frameEnd),
    },
    chunks: chunkTimings(events, mainEvents, origin, ms),
    physics: physicsTimes(events, marks, navigation.pid, ms, physicsMarks),
    marks,
  };
}

function physicsTimes(
  events: readonly TraceEvent[],
  marks: StartMarks,
  pid: number,
  ms: (ts: number) => number,
  names: { readonly start: string; readonly ready: string },
): StartBreakdown['physics'] {
  const start = marks[names.start];
  const ready = marks[names.ready];
  const ours = events.filter((event) => event.pid === pid).sort((a, b) => a.ts - b.ts);
  // A compile from bytes (`WebAssembly.instantiate`) or from the fetched file (`instantiateStreaming`).
  const compile =
    firstNamed(ours, 'wasm.AsyncCompile') ?? firstNamed(ours, 'wasm.StartStreamingCompilation');
  const instantiate = firstNamed(ours, 'wasm.AsyncInstantiate');
  const compileStart = compile ? ms(compile.ts) : undefined;
  const instantiateEnd = instantiate ? ms(instantiate.ts + (instantiate.dur ?? 0)) : undefined;
  return {
    beforeCompileMs:
      start !== undefined && compileStart !== undefined ? compileStart - start : null,
    wasmMs:
      compileStart !== undefined && instantiateEnd !== undefined
        ? instantiateEnd - compileStart
        : null,
    totalMs: start !== undefined && ready !== undefined ? ready - start : null,
  };
}
