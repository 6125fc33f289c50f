/**
 * Ids → node indices (activities, then externals, in the order added). An open-addressing table of Int32 slots
 * instead of a Map: a cold 100k-activity network resolves 600k relation ends, and a probe here touches one slot
 * of a compact typed array and one key, where a Map walks a bucket and an entry chain through a larger table.
 * Lookups behave like `Map.get` (undefined for an unknown id). Should a probe sequence ever grow long (ids
 * crafted to collide), the index moves to a Map, so the worst case stays a Map's.
 */
export class IdIndex {
  private list: string[] = [];
  /** Slot → key index + 1 (0 = empty). */
  private slots: Int32Array;
  private mask: number;
  private map: Map<string, number> | undefined;

  constructor(expected = 0) {
    let cap = 16;
    while (cap < expected * 2) cap <<= 1;
    this.slots = new Int32Array(cap);
    this.mask = cap - 1;
  }

  get size(): number {
    return this.list.length;
  }

  /** Adds an id under the next index; false (and nothing added) when it is already there. */
  add(id: string): boolean {
    if (this.map !== undefined) {
      if (this.map.has(id)) return false;
      this.map.set(id, this.list.length);
      this.list.push(id);
      return true;
    }
    if ((this.list.length + 1) * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    const { slots, mask, list } = this;
    let p = hash(id) & mask;
    for (let probes = 0; ; probes++) {
      const v = slots[p];
      if (v === 0) break;
      if (list[v - 1] === id) return false;
      if (probes > MAX_PROBES) {
        this.toMap();
        return this.add(id);
      }
      p = (p + 1) & mask;
    }
    list.push(id);
    slots[p] = list.length;
    return true;
  }

  get(id: string): number | undefined {
    if (typeof id !== "string") return undefined;
    if (this.map !== undefined) return this.map.get(id);
    const { slots, mask, list } = this;
    let p = hash(id) & mask;
    for (;;) {
      const v = slots[p];
      if (v === 0) return undefined;
      if (list[v - 1] === id) return v - 1;
      p = (p + 1) & mask;
    }
  }

  /** The ids in index order (a copy). */
  ids(): string[] {
    return this.list.slice();
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  private rehash(cap: number): void {
    const slots = new Int32Array(cap);
    const mask = cap - 1;
    const list = this.list;
    for (let k = 0; k < list.length; k++) {
      let p = hash(list[k]) & mask;
      while (slots[p] !== 0) p = (p + 1) & mask;
      slots[p] = k + 1;
    }
    this.slots = slots;
    this.mask = mask;
  }

  private toMap(): void {
    const map = new Map<string, number>();
    for (let k = 0; k < this.list.length; k++) map.set(this.list[k], k);
    this.map = map;
    this.slots = new Int32Array(0);
  }
}

const MAX_PROBES = 64;

/** FNV-1a over UTF-16 code units with a final mix, so ids differing in the last characters spread over slots. */
function hash(s: string): number {
  let x = 0x811c9dc5 | 0;
  for (let c = 0; c < s.length; c++) x = Math.imul(x ^ s.charCodeAt(c), 0x01000193);
  return x ^ (x >>> 15);
}
