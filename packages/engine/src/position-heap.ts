/** Binary min-heap of non-negative integers (topological positions) with O(1) membership test. */
export class PositionHeap {
  private readonly data: Int32Array;
  private readonly member: Uint8Array;
  private size = 0;

  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(1, capacity));
    this.member = new Uint8Array(Math.max(1, capacity));
  }

  get length(): number {
    return this.size;
  }

  push(v: number): void {
    if (this.member[v] === 1) return;
    this.member[v] = 1;
    const d = this.data;
    let k = this.size++;
    while (k > 0) {
      const p = (k - 1) >> 1;
      if (d[p] <= v) break;
      d[k] = d[p];
      k = p;
    }
    d[k] = v;
  }

  pop(): number {
    const d = this.data;
    const top = d[0];
    this.member[top] = 0;
    const last = d[--this.size];
    let k = 0;
    const n = this.size;
    for (;;) {
      let c = 2 * k + 1;
      if (c >= n) break;
      if (c + 1 < n && d[c + 1] < d[c]) c++;
      if (d[c] >= last) break;
      d[k] = d[c];
      k = c;
    }
    if (n > 0) d[k] = last;
    return top;
  }

  clear(): void {
    while (this.size > 0) this.member[this.data[--this.size]] = 0;
  }
}
