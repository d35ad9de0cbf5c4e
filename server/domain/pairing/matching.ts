/**
 * Maximum-cardinality matching on a general graph (Edmonds' blossom algorithm, unweighted), used
 * by the Swiss repair step on a window of the field — never on a whole big field.
 *
 * Algorithm: for each unmatched vertex, a BFS for an augmenting path that contracts odd cycles
 * (blossoms) by relabelling their base (the classic O(V³) formulation, e.g. cp-algorithms /
 * e-maxx). Starting from a given partial matching keeps most existing pairs: only the pairs on
 * each augmenting path change, and BFS finds short paths first.
 * Caveat: O(V·E) per augmentation; callers bound V (the Swiss repair caps its window).
 */

/** Extend `mate` (mate[v] = partner or −1) to a maximum matching of the graph `adj`; mutates and returns mate. */
export function maximumMatching(adj: readonly (readonly number[])[], mate: Int32Array): Int32Array {
  const n = adj.length;
  const parent = new Int32Array(n);
  const base = new Int32Array(n);
  const used = new Uint8Array(n);
  const inBlossom = new Uint8Array(n);
  const onPath = new Uint8Array(n);
  const queue = new Int32Array(n);

  const lca = (a0: number, b0: number): number => {
    onPath.fill(0);
    let a = a0;
    for (;;) {
      a = base[a];
      onPath[a] = 1;
      if (mate[a] === -1) break;
      a = parent[mate[a]];
    }
    let b = b0;
    for (;;) {
      b = base[b];
      if (onPath[b]) return b;
      b = parent[mate[b]];
    }
  };
  const markPath = (v0: number, b: number, child0: number) => {
    let v = v0;
    let child = child0;
    while (base[v] !== b) {
      inBlossom[base[v]] = inBlossom[base[mate[v]]] = 1;
      parent[v] = child;
      child = mate[v];
      v = parent[mate[v]];
    }
  };
  const findPath = (root: number): number => {
    used.fill(0);
    parent.fill(-1);
    for (let i = 0; i < n; i++) base[i] = i;
    used[root] = 1;
    let qh = 0;
    let qt = 0;
    queue[qt++] = root;
    while (qh < qt) {
      const v = queue[qh++];
      for (const to of adj[v]) {
        if (base[v] === base[to] || mate[v] === to) continue;
        if (to === root || (mate[to] !== -1 && parent[mate[to]] !== -1)) {
          const cur = lca(v, to);
          inBlossom.fill(0);
          markPath(v, cur, to);
          markPath(to, cur, v);
          for (let i = 0; i < n; i++) {
            if (inBlossom[base[i]]) {
              base[i] = cur;
              if (!used[i]) {
                used[i] = 1;
                queue[qt++] = i;
              }
            }
          }
        } else if (parent[to] === -1) {
          parent[to] = v;
          if (mate[to] === -1) return to;
          used[mate[to]] = 1;
          queue[qt++] = mate[to];
        }
      }
    }
    return -1;
  };

  for (let v = 0; v < n; v++) {
    if (mate[v] !== -1) continue;
    let u = findPath(v);
    while (u !== -1) {
      const pv = parent[u];
      const ppv = mate[pv];
      mate[u] = pv;
      mate[pv] = u;
      u = ppv;
    }
  }
  return mate;
}
