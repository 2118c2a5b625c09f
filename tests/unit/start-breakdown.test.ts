import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../tools/browser/start-breakdown';
import { breakdownStart } from '../../tools/browser/start-breakdown';

const PAGE = 'http://127.0.0.1:4000/';
const PID = 7;
const MAIN = 1;
/** Navigation starts at 1 s on the trace clock (µs). */
const T0 = 1_000_000;

const at = (ms: number): number => T0 + ms * 1000;

/** A complete event on the page's main thread, `from`..`to` ms after navigation start. */
function main(name: string, from: number, to: number, data?: Record<string, unknown>): TraceEvent {
  return {
    name,
    ph: 'X',
    ts: at(from),
    dur: (to - from) * 1000,
    pid: PID,
    tid: MAIN,
    ...(data ? { args: { data } } : {}),
  };
}

const instant = (name: string, ms: number, data: Record<string, unknown>): TraceEvent => ({
  name,
  ph: 'I',
  ts: at(ms),
  pid: PID,
  tid: MAIN,
  args: { data },
});

const FRAME = { frameFunction: 'frame', frameScript: 'ragdoll-view' };
const PHYSICS = { start: 'physics-start', ready: 'physics-ready' };

/** A start: the entry module runs, the WebGL context, one frame with two programs, Rapier. */
function startTrace(): TraceEvent[] {
  const view = `${PAGE}assets/ragdoll-view-C98CYgta.js`;
  return [
    { name: 'thread_name', ph: 'M', ts: 0, pid: PID, tid: MAIN, args: { name: 'CrRendererMain' } },
    {
      name: 'navigationStart',
      ph: 'R',
      ts: T0,
      pid: PID,
      tid: MAIN,
      args: { data: { documentLoaderURL: PAGE } },
    },
    instant('ResourceSendRequest', 10, { requestId: 'r1', url: view }),
    instant('ResourceFinish', 60, { requestId: 'r1', encodedDataLength: 40_000 }),
    main('ThreadControllerImpl::RunTask', 100, 200),
    main('v8.compileModule', 100, 120, { url: view }),
    main('v8.evaluateModule', 120, 200),
    main('ThreadControllerImpl::RunTask', 300, 700),
    main('RunMicrotasks', 300, 700),
    main('GpuChannelHost::CreateViewCommandBuffer', 320, 420),
    main('GLES2::GetString', 450, 650),
    main('ImplementationBase::WaitForCmd', 450, 650),
    main('ThreadControllerImpl::RunTask', 800, 1300),
    main('FunctionCall', 800, 1300, { functionName: 'frame', url: view }),
    main('V8.CompileCode', 810, 830),
    main('GLES2Implementation::GetProgramiv', 900, 1100),
    main('ImplementationBase::WaitForCmd', 900, 1100),
    main('GLES2Implementation::GetProgramiv', 1100, 1150),
    main('ImplementationBase::WaitForCmd', 1100, 1150),
    main('ImplementationBase::WaitForCmd', 1200, 1210),
    { name: 'wasm.AsyncCompile', ph: 'X', ts: at(1800), dur: 5000, pid: PID, tid: 9 },
    { name: 'wasm.AsyncInstantiate', ph: 'X', ts: at(1850), dur: 10_000, pid: PID, tid: MAIN },
  ];
}

describe('breakdownStart', () => {
  const marks = { 'physics-start': 1400, 'physics-ready': 1900 };

  it('finds the first frame and splits the main thread up to it into kinds that add up', () => {
    const split = breakdownStart(startTrace(), marks, PAGE, FRAME, PHYSICS);
    expect(split.firstFrame).toEqual({ start: 800, end: 1300 });
    const before = split.beforeFirstFrame;
    expect(before['JS parse and compile']).toBeCloseTo(20 + 20);
    expect(before['WebGL context created']).toBeCloseTo(100);
    expect(before['GPU wait: context start-up queries']).toBeCloseTo(200);
    expect(before['GPU wait: shader programs (compile, link)']).toBeCloseTo(250);
    expect(before['GPU wait: other (flushes, uploads)']).toBeCloseTo(10);
    // Entry module 80 + microtasks less the context and its queries 100 + frame less the rest 220.
    expect(before['JS running (ours and three.js)']).toBeCloseTo(80 + 100 + 220);
    expect(before['idle (waiting for network or GPU process)']).toBeCloseTo(100 + 100 + 100);
    const total = Object.values(before).reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeCloseTo(1300);
    expect(split.firstFramePrograms).toBe(2);
    expect(split.counts).toEqual({ gpuWaits: 4, mainThreadCompiles: 1 });
    expect(split.inFirstFrame['idle (waiting for network or GPU process)']).toBe(0);
    expect(split.inFirstFrame['GPU wait: shader programs (compile, link)']).toBeCloseTo(250);
  });

  it("times each chunk's fetch and compile, and Rapier's decode and compile", () => {
    const split = breakdownStart(startTrace(), marks, PAGE, FRAME, PHYSICS);
    expect(split.chunks).toEqual([
      {
        name: 'ragdoll-view.js',
        bytes: 40_000,
        fetchStart: 10,
        fetchEnd: 60,
        compileMs: 20,
        cacheWriteMs: 0,
      },
    ]);
    expect(split.physics.beforeCompileMs).toBeCloseTo(400);
    expect(split.physics.wasmMs).toBeCloseTo(60);
    expect(split.physics.totalMs).toBeCloseTo(500);
  });

  it("times a streaming compile from the fetch of Rapier's .wasm file", () => {
    const streamed = startTrace().map((event) =>
      event.name === 'wasm.AsyncCompile'
        ? { ...event, name: 'wasm.StartStreamingCompilation', ts: at(1450), dur: 0, tid: MAIN }
        : event,
    );
    const split = breakdownStart(streamed, marks, PAGE, FRAME, PHYSICS);
    expect(split.physics.beforeCompileMs).toBeCloseTo(50);
    expect(split.physics.wasmMs).toBeCloseTo(1860 - 1450);
    expect(split.physics.totalMs).toBeCloseTo(500);
  });

  it('says so when the trace has no such navigation or no frame', () => {
    expect(() => breakdownStart(startTrace(), marks, 'http://elsewhere/', FRAME, PHYSICS)).toThrow(
      /no navigation to http:\/\/elsewhere\//,
    );
    const noFrame = startTrace().filter((event) => event.name !== 'FunctionCall');
    expect(() => breakdownStart(noFrame, marks, PAGE, FRAME, PHYSICS)).toThrow(/no first frame/);
  });
});
