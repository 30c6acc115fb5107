/**
 * Maximum-weight matching in a general graph: Edmonds' blossom algorithm with Galil's O(n³) primal-dual
 * bookkeeping ("Efficient algorithms for finding maximum matching in graphs", ACM Computing Surveys, 1986).
 * Written for Arbiter in TypeScript; its structure (edge endpoints, S/T labels, blossom child and endpoint
 * lists, the four kinds of dual step) follows Joris van Rantwijk's reference implementation, mwmatching.py
 * (jorisvr.nl/article/maximum-matching), which the MIT-licensed npm package edmonds-blossom-fixed also ports.
 *
 * Weights should be integers (then every dual variable stays an integer and the result is exact).
 * With `maxCardinality`, the result is the heaviest among the matchings with the most edges.
 */

export interface WeightedEdge {
  a: number;
  b: number;
  weight: number;
}

/**
 * Edges as three parallel typed arrays: the compact form for large graphs. A complete graph of 4,096 players has
 * 8.4 million edges; as objects they took gigabytes, as typed arrays 16 bytes each.
 */
export interface EdgeArrays {
  a: Int32Array;
  b: Int32Array;
  weight: Float64Array;
}

export interface MatchingOptions {
  maxCardinality: boolean;
}

/** Returns `mate`, where `mate[v]` is v's partner, or -1 when v is single. */
export function maximumWeightMatching(
  vertexCount: number,
  edges: readonly WeightedEdge[] | EdgeArrays,
  options: MatchingOptions,
): number[] {
  const arrays = isEdgeArrays(edges) ? edges : edgeArrays(edges);
  const m = arrays.a.length;
  if (arrays.b.length !== m || arrays.weight.length !== m) throw new RangeError('edge arrays differ in length');
  for (let k = 0; k < m; k++) {
    const [a, b, weight] = [arrays.a[k]!, arrays.b[k]!, arrays.weight[k]!];
    if (a < 0 || b < 0) throw new RangeError(`edge endpoints must be vertex numbers, got ${a}-${b}`);
    if (a >= vertexCount || b >= vertexCount) throw new RangeError(`edge ${a}-${b} leaves the graph`);
    if (a === b) throw new RangeError(`edge ${a}-${b} is a loop`);
    if (!Number.isSafeInteger(weight)) throw new RangeError(`edge weight ${weight} is not a safe integer`);
  }
  if (m === 0) return new Array<number>(vertexCount).fill(-1);
  return new BlossomSolver(vertexCount, arrays, options.maxCardinality).solve();
}

function isEdgeArrays(edges: readonly WeightedEdge[] | EdgeArrays): edges is EdgeArrays {
  return !Array.isArray(edges);
}

function edgeArrays(edges: readonly WeightedEdge[]): EdgeArrays {
  for (const e of edges) {
    if (!Number.isInteger(e.a) || !Number.isInteger(e.b) || e.a < 0 || e.b < 0) {
      throw new RangeError(`edge endpoints must be vertex numbers, got ${e.a}-${e.b}`);
    }
  }
  return {
    a: Int32Array.from(edges, (e) => e.a),
    b: Int32Array.from(edges, (e) => e.b),
    weight: Float64Array.from(edges, (e) => e.weight),
  };
}

const FREE = 0;
const OUTER = 1; // "S": reached by an even-length alternating path
const INNER = 2; // "T": reached by an odd-length alternating path
const BREADCRUMB = 4; // temporary mark used while scanning for a common ancestor

/**
 * One run of the algorithm. Vertices are 0..n-1, non-trivial blossoms n..2n-1.
 * Each edge k has two "endpoints": 2k is its `a` end and 2k+1 its `b` end, so `p ^ 1` is the other end.
 */
class BlossomSolver {
  private readonly n: number;
  private readonly edgeA: Int32Array;
  private readonly edgeB: Int32Array;
  private readonly weight: Float64Array;
  private readonly endpoint: Int32Array;
  /** Edge ends next to each vertex, in edge order: vertex v's are neighbourEnds[neighbourStart[v] … neighbourStart[v + 1]). */
  private readonly neighbourStart: Int32Array;
  private readonly neighbourEnds: Int32Array;
  private readonly mate: Int32Array;
  private readonly label: Int32Array;
  private readonly labelEnd: Int32Array;
  private readonly inBlossom: Int32Array;
  private readonly blossomParent: Int32Array;
  private readonly blossomChildren: (number[] | null)[];
  private readonly blossomBase: Int32Array;
  private readonly blossomEnds: (number[] | null)[];
  private readonly bestEdge: Int32Array;
  private readonly blossomBestEdges: (number[] | null)[];
  private readonly unusedBlossoms: number[];
  private readonly dual: Float64Array;
  private readonly allowEdge: Uint8Array;
  private readonly bestToScratch: Int32Array;
  private queue: number[] = [];

  constructor(
    n: number,
    edges: EdgeArrays,
    private readonly maxCardinality: boolean,
  ) {
    this.n = n;
    const m = edges.a.length;
    this.edgeA = edges.a;
    this.edgeB = edges.b;
    this.weight = edges.weight;
    this.endpoint = new Int32Array(2 * m);
    // Compressed neighbour lists: count each vertex's edges, then fill in edge order (the order decides ties).
    this.neighbourStart = new Int32Array(n + 1);
    for (let k = 0; k < m; k++) {
      this.neighbourStart[edges.a[k]! + 1]! += 1;
      this.neighbourStart[edges.b[k]! + 1]! += 1;
    }
    for (let v = 0; v < n; v++) this.neighbourStart[v + 1]! += this.neighbourStart[v]!;
    this.neighbourEnds = new Int32Array(2 * m);
    const filled = this.neighbourStart.slice(0, n);
    let maxWeight = 0;
    for (let k = 0; k < m; k++) {
      const [a, b] = [edges.a[k]!, edges.b[k]!];
      this.endpoint[2 * k] = a;
      this.endpoint[2 * k + 1] = b;
      this.neighbourEnds[filled[a]!++] = 2 * k + 1;
      this.neighbourEnds[filled[b]!++] = 2 * k;
      maxWeight = Math.max(maxWeight, edges.weight[k]!);
    }
    this.mate = new Int32Array(n).fill(-1);
    this.label = new Int32Array(2 * n);
    this.labelEnd = new Int32Array(2 * n).fill(-1);
    this.inBlossom = Int32Array.from({ length: n }, (_, i) => i);
    this.blossomParent = new Int32Array(2 * n).fill(-1);
    this.blossomChildren = new Array<number[] | null>(2 * n).fill(null);
    this.blossomBase = Int32Array.from({ length: 2 * n }, (_, i) => (i < n ? i : -1));
    this.blossomEnds = new Array<number[] | null>(2 * n).fill(null);
    this.bestEdge = new Int32Array(2 * n).fill(-1);
    this.blossomBestEdges = new Array<number[] | null>(2 * n).fill(null);
    this.unusedBlossoms = Array.from({ length: n }, (_, i) => n + i);
    this.dual = Float64Array.from({ length: 2 * n }, (_, i) => (i < n ? maxWeight : 0));
    this.allowEdge = new Uint8Array(m);
    this.bestToScratch = new Int32Array(2 * n).fill(-1);
  }

  solve(): number[] {
    const n = this.n;
    this.matchTightEdgesGreedily();
    for (let stage = 0; stage < n; stage++) {
      this.label.fill(FREE);
      this.bestEdge.fill(-1);
      for (let b = n; b < 2 * n; b++) this.blossomBestEdges[b] = null;
      this.allowEdge.fill(0);
      this.queue = [];
      for (let v = 0; v < n; v++) {
        if (this.mate[v] === -1 && this.label[this.inBlossom[v]!] === FREE) this.assignLabel(v, OUTER, -1);
      }
      if (!this.runStage()) break;
      // Blossoms with zero dual at the end of a stage are no longer needed.
      for (let b = n; b < 2 * n; b++) {
        if (
          this.blossomParent[b] === -1 &&
          this.blossomBase[b]! >= 0 &&
          this.label[b] === OUTER &&
          this.dual[b] === 0
        ) {
          this.expandBlossom(b, true);
        }
      }
    }
    return Array.from(this.mate, (p) => (p >= 0 ? this.endpoint[p]! : -1));
  }

  /**
   * Every edge of the largest weight is tight under the starting duals, so matching such edges greedily is
   * exactly what the first stages would do with zero dual change. On Swiss graphs (many equal weights)
   * this leaves only a few vertices for the expensive stages.
   */
  private matchTightEdgesGreedily(): void {
    for (let k = 0; k < this.weight.length; k++) {
      const a = this.edgeA[k]!;
      const b = this.edgeB[k]!;
      if (this.mate[a] === -1 && this.mate[b] === -1 && this.slack(k) === 0) {
        this.mate[a] = 2 * k + 1;
        this.mate[b] = 2 * k;
      }
    }
  }

  /** Grows alternating trees and adjusts duals until one augmenting path is found (true) or none exists. */
  private runStage(): boolean {
    const n = this.n;
    for (;;) {
      while (this.queue.length > 0) {
        const v = this.queue.pop()!;
        if (this.scanVertex(v)) return true;
      }
      // No tight edge left: change the duals by the largest safe delta.
      let deltaType = -1;
      let delta = 0;
      let deltaEdge = -1;
      let deltaBlossom = -1;
      if (!this.maxCardinality) {
        deltaType = 1;
        delta = this.smallestVertexDual();
      }
      for (let v = 0; v < n; v++) {
        if (this.label[this.inBlossom[v]!] === FREE && this.bestEdge[v] !== -1) {
          const d = this.slack(this.bestEdge[v]!);
          if (deltaType === -1 || d < delta) {
            delta = d;
            deltaType = 2;
            deltaEdge = this.bestEdge[v]!;
          }
        }
      }
      for (let b = 0; b < 2 * n; b++) {
        if (this.blossomParent[b] === -1 && this.label[b] === OUTER && this.bestEdge[b] !== -1) {
          const d = this.slack(this.bestEdge[b]!) / 2;
          if (deltaType === -1 || d < delta) {
            delta = d;
            deltaType = 3;
            deltaEdge = this.bestEdge[b]!;
          }
        }
      }
      for (let b = n; b < 2 * n; b++) {
        if (
          this.blossomBase[b]! >= 0 &&
          this.blossomParent[b] === -1 &&
          this.label[b] === INNER &&
          (deltaType === -1 || this.dual[b]! < delta)
        ) {
          delta = this.dual[b]!;
          deltaType = 4;
          deltaBlossom = b;
        }
      }
      if (deltaType === -1) {
        // Max-cardinality mode and nothing left to grow: finish with a last optimality step.
        deltaType = 1;
        delta = Math.max(0, this.smallestVertexDual());
      }
      for (let v = 0; v < n; v++) {
        const l = this.label[this.inBlossom[v]!];
        if (l === OUTER) this.dual[v]! -= delta;
        else if (l === INNER) this.dual[v]! += delta;
      }
      for (let b = n; b < 2 * n; b++) {
        if (this.blossomBase[b]! >= 0 && this.blossomParent[b] === -1) {
          if (this.label[b] === OUTER) this.dual[b]! += delta;
          else if (this.label[b] === INNER) this.dual[b]! -= delta;
        }
      }
      if (deltaType === 1) return false;
      if (deltaType === 2) {
        this.allowEdge[deltaEdge] = 1;
        let i = this.edgeA[deltaEdge]!;
        if (this.label[this.inBlossom[i]!] === FREE) i = this.edgeB[deltaEdge]!;
        this.queue.push(i);
      } else if (deltaType === 3) {
        this.allowEdge[deltaEdge] = 1;
        this.queue.push(this.edgeA[deltaEdge]!);
      } else {
        this.expandBlossom(deltaBlossom, false);
      }
    }
  }

  /** Looks at every edge of an outer vertex; returns true when it augmented the matching. */
  private scanVertex(v: number): boolean {
    for (let i = this.neighbourStart[v]!; i < this.neighbourStart[v + 1]!; i++) {
      const p = this.neighbourEnds[i]!;
      const k = p >> 1;
      const w = this.endpoint[p]!;
      if (this.inBlossom[v] === this.inBlossom[w]) continue;
      let kSlack = 0;
      if (!this.allowEdge[k]) {
        kSlack = this.slack(k);
        if (kSlack <= 0) this.allowEdge[k] = 1;
      }
      const bw = this.inBlossom[w]!;
      if (this.allowEdge[k]) {
        if (this.label[bw] === FREE) {
          this.assignLabel(w, INNER, p ^ 1);
        } else if (this.label[bw] === OUTER) {
          const base = this.scanBlossom(v, w);
          if (base >= 0) {
            this.addBlossom(base, k);
          } else {
            this.augmentMatching(k);
            return true;
          }
        } else if (this.label[w] === FREE) {
          // w sits inside an inner blossom but has no label of its own yet.
          this.label[w] = INNER;
          this.labelEnd[w] = p ^ 1;
        }
      } else if (this.label[bw] === OUTER) {
        const b = this.inBlossom[v]!;
        if (this.bestEdge[b] === -1 || kSlack < this.slack(this.bestEdge[b]!)) this.bestEdge[b] = k;
      } else if (this.label[w] === FREE) {
        if (this.bestEdge[w] === -1 || kSlack < this.slack(this.bestEdge[w]!)) this.bestEdge[w] = k;
      }
    }
    return false;
  }

  private smallestVertexDual(): number {
    let min = Number.POSITIVE_INFINITY;
    for (let v = 0; v < this.n; v++) min = Math.min(min, this.dual[v]!);
    return min;
  }

  private slack(k: number): number {
    return this.dual[this.edgeA[k]!]! + this.dual[this.edgeB[k]!]! - 2 * this.weight[k]!;
  }

  private leaves(b: number, out: number[] = []): number[] {
    if (b < this.n) out.push(b);
    else for (const child of this.blossomChildren[b]!) this.leaves(child, out);
    return out;
  }

  private assignLabel(w: number, t: number, p: number): void {
    const b = this.inBlossom[w]!;
    this.label[w] = this.label[b] = t;
    this.labelEnd[w] = this.labelEnd[b] = p;
    this.bestEdge[w] = this.bestEdge[b] = -1;
    if (t === OUTER) {
      this.queue.push(...this.leaves(b));
    } else {
      // An inner blossom's base is matched; its mate becomes outer.
      const base = this.blossomBase[b]!;
      const mateEnd = this.mate[base]!;
      this.assignLabel(this.endpoint[mateEnd]!, OUTER, mateEnd ^ 1);
    }
  }

  /** Traces back from v and w; returns the base of a new blossom, or -1 when the paths reach two roots. */
  private scanBlossom(v0: number, w0: number): number {
    let v = v0;
    let w = w0;
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = this.inBlossom[v]!;
      if (this.label[b]! & BREADCRUMB) {
        base = this.blossomBase[b]!;
        break;
      }
      path.push(b);
      this.label[b] = OUTER | BREADCRUMB;
      if (this.labelEnd[b] === -1) {
        v = -1;
      } else {
        v = this.endpoint[this.labelEnd[b]!]!;
        b = this.inBlossom[v]!;
        v = this.endpoint[this.labelEnd[b]!]!;
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) this.label[b] = OUTER;
    return base;
  }

  /** Shrinks the odd cycle closed by edge k (through `base`) into a new outer blossom. */
  private addBlossom(base: number, k: number): void {
    let v = this.edgeA[k]!;
    let w = this.edgeB[k]!;
    const bb = this.inBlossom[base]!;
    let bv = this.inBlossom[v]!;
    let bw = this.inBlossom[w]!;
    const b = this.unusedBlossoms.pop()!;
    this.blossomBase[b] = base;
    this.blossomParent[b] = -1;
    this.blossomParent[bb] = b;
    const path: number[] = [];
    const ends: number[] = [];
    while (bv !== bb) {
      this.blossomParent[bv] = b;
      path.push(bv);
      ends.push(this.labelEnd[bv]!);
      v = this.endpoint[this.labelEnd[bv]!]!;
      bv = this.inBlossom[v]!;
    }
    path.push(bb);
    path.reverse();
    ends.reverse();
    ends.push(2 * k);
    while (bw !== bb) {
      this.blossomParent[bw] = b;
      path.push(bw);
      ends.push(this.labelEnd[bw]! ^ 1);
      w = this.endpoint[this.labelEnd[bw]!]!;
      bw = this.inBlossom[w]!;
    }
    this.blossomChildren[b] = path;
    this.blossomEnds[b] = ends;
    this.label[b] = OUTER;
    this.labelEnd[b] = this.labelEnd[bb]!;
    this.dual[b] = 0;
    for (const leaf of this.leaves(b)) {
      // Former inner vertices are now outer and must be scanned.
      if (this.label[this.inBlossom[leaf]!] === INNER) this.queue.push(leaf);
      this.inBlossom[leaf] = b;
    }
    // Keep, for each neighbouring outer blossom, the least-slack edge from the new blossom.
    // (Hot path on dense graphs: a reused scratch array and no per-edge allocation.)
    const bestTo = this.bestToScratch;
    const touched: number[] = [];
    const consider = (edge: number) => {
      let j = this.edgeB[edge]!;
      if (this.inBlossom[j] === b) j = this.edgeA[edge]!;
      const bj = this.inBlossom[j]!;
      if (bj === b || this.label[bj] !== OUTER) return;
      const current = bestTo[bj]!;
      if (current === -1) touched.push(bj);
      if (current === -1 || this.slack(edge) < this.slack(current)) bestTo[bj] = edge;
    };
    for (const child of path) {
      const known = this.blossomBestEdges[child];
      if (known) {
        for (const edge of known) consider(edge);
      } else {
        for (const leaf of this.leaves(child)) {
          for (let i = this.neighbourStart[leaf]!; i < this.neighbourStart[leaf + 1]!; i++)
            consider(this.neighbourEnds[i]! >> 1);
        }
      }
      this.blossomBestEdges[child] = null;
      this.bestEdge[child] = -1;
    }
    touched.sort((x, y) => x - y);
    const best = touched.map((bj) => bestTo[bj]!);
    for (const bj of touched) bestTo[bj] = -1;
    this.blossomBestEdges[b] = best;
    this.bestEdge[b] = -1;
    for (const edge of best) {
      if (this.bestEdge[b] === -1 || this.slack(edge) < this.slack(this.bestEdge[b]!)) this.bestEdge[b] = edge;
    }
  }

  /** Undoes a blossom: at the end of a stage (endStage) or when an inner blossom's dual reaches zero. */
  private expandBlossom(b: number, endStage: boolean): void {
    const children = this.blossomChildren[b]!;
    const ends = this.blossomEnds[b]!;
    for (const s of children) {
      this.blossomParent[s] = -1;
      if (s < this.n) this.inBlossom[s] = s;
      else if (endStage && this.dual[s] === 0) this.expandBlossom(s, endStage);
      else for (const leaf of this.leaves(s)) this.inBlossom[leaf] = s;
    }
    if (!endStage && this.label[b] === INNER) {
      // Relabel the sub-blossoms on the even path from the entry child to the base.
      const len = children.length;
      const at = (list: number[], i: number) => list[((i % len) + len) % len]!;
      const entryChild = this.inBlossom[this.endpoint[this.labelEnd[b]! ^ 1]!]!;
      let j = children.indexOf(entryChild);
      let step: number;
      let endTrick: number;
      if (j & 1) {
        j -= len;
        step = 1;
        endTrick = 0;
      } else {
        step = -1;
        endTrick = 1;
      }
      let p = this.labelEnd[b]!;
      while (j !== 0) {
        this.label[this.endpoint[p ^ 1]!] = FREE;
        this.label[this.endpoint[at(ends, j - endTrick) ^ endTrick ^ 1]!] = FREE;
        this.assignLabel(this.endpoint[p ^ 1]!, INNER, p);
        this.allowEdge[at(ends, j - endTrick) >> 1] = 1;
        j += step;
        p = at(ends, j - endTrick) ^ endTrick;
        this.allowEdge[p >> 1] = 1;
        j += step;
      }
      const baseChild = at(children, j);
      this.label[this.endpoint[p ^ 1]!] = this.label[baseChild] = INNER;
      this.labelEnd[this.endpoint[p ^ 1]!] = this.labelEnd[baseChild] = p;
      this.bestEdge[baseChild] = -1;
      j += step;
      while (at(children, j) !== entryChild) {
        const bv = at(children, j);
        j += step;
        if (this.label[bv] === OUTER) continue;
        const reached = this.leaves(bv).find((leaf) => this.label[leaf] !== FREE);
        if (reached !== undefined) {
          this.label[reached] = FREE;
          this.label[this.endpoint[this.mate[this.blossomBase[bv]!]!]!] = FREE;
          this.assignLabel(reached, INNER, this.labelEnd[reached]!);
        }
      }
    }
    this.label[b] = this.labelEnd[b] = -1;
    this.blossomChildren[b] = this.blossomEnds[b] = null;
    this.blossomBase[b] = -1;
    this.blossomBestEdges[b] = null;
    this.bestEdge[b] = -1;
    this.unusedBlossoms.push(b);
  }

  /** Flips the matching along the even path inside blossom b from vertex v to the base. */
  private augmentBlossom(b: number, v: number): void {
    let t = v;
    while (this.blossomParent[t] !== b) t = this.blossomParent[t]!;
    if (t >= this.n) this.augmentBlossom(t, v);
    const children = this.blossomChildren[b]!;
    const ends = this.blossomEnds[b]!;
    const len = children.length;
    const at = (list: number[], i: number) => list[((i % len) + len) % len]!;
    const i = children.indexOf(t);
    let j = i;
    let step: number;
    let endTrick: number;
    if (i & 1) {
      j -= len;
      step = 1;
      endTrick = 0;
    } else {
      step = -1;
      endTrick = 1;
    }
    while (j !== 0) {
      j += step;
      t = at(children, j);
      const p = at(ends, j - endTrick) ^ endTrick;
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p]!);
      j += step;
      t = at(children, j);
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p ^ 1]!);
      this.mate[this.endpoint[p]!] = p ^ 1;
      this.mate[this.endpoint[p ^ 1]!] = p;
    }
    // Rotate so that the new base child comes first.
    this.blossomChildren[b] = [...children.slice(i), ...children.slice(0, i)];
    this.blossomEnds[b] = [...ends.slice(i), ...ends.slice(0, i)];
    this.blossomBase[b] = this.blossomBase[this.blossomChildren[b]![0]!]!;
  }

  /** Flips the matching along the augmenting path through edge k, between two tree roots. */
  private augmentMatching(k: number): void {
    const starts: [number, number][] = [
      [this.edgeA[k]!, 2 * k + 1],
      [this.edgeB[k]!, 2 * k],
    ];
    for (const [start, startEnd] of starts) {
      let s = start;
      let p = startEnd;
      for (;;) {
        const bs = this.inBlossom[s]!;
        if (bs >= this.n) this.augmentBlossom(bs, s);
        this.mate[s] = p;
        if (this.labelEnd[bs] === -1) break;
        const t = this.endpoint[this.labelEnd[bs]!]!;
        const bt = this.inBlossom[t]!;
        s = this.endpoint[this.labelEnd[bt]!]!;
        const j = this.endpoint[this.labelEnd[bt]! ^ 1]!;
        if (bt >= this.n) this.augmentBlossom(bt, j);
        this.mate[j] = this.labelEnd[bt]!;
        p = this.labelEnd[bt]! ^ 1;
      }
    }
  }
}
