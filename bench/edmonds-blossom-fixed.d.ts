/** Types of the untyped npm package (a port of Joris van Rantwijk's mwmatching.py). */
declare module "edmonds-blossom-fixed" {
  /** Maximum-weight matching of edges [u, v, weight]; returns mate[v] (−1 = unmatched). */
  export default function blossom(edges: [number, number, number][], maxCardinality?: boolean): number[];
}
