/**
 * Indicator formulas (issue 15): arithmetic over named figures — numbers, names (`spi`, `plan_cost`, another
 * indicator's key), `+ - * /`, parentheses, unary minus and `min(a, b…)`, `max(a, b…)`, `abs(a)`. Parsed once into a
 * tree; evaluation is pure and gives null where a figure is missing or a divisor is zero (a dash on screen, never
 * Infinity). Errors carry the code and the position a user needs to fix the text.
 */

export type FormulaNode =
  | { kind: "number"; value: number }
  | { kind: "name"; name: string }
  | { kind: "neg"; arg: FormulaNode }
  | { kind: "binary"; op: "+" | "-" | "*" | "/"; left: FormulaNode; right: FormulaNode }
  | { kind: "call"; fn: FormulaFunction; args: FormulaNode[] };

export const FORMULA_FUNCTIONS = ["min", "max", "abs"] as const;
export type FormulaFunction = (typeof FORMULA_FUNCTIONS)[number];

/** Why a formula is refused: `syntax` at `position` (0-based), `division_by_zero` by a literal zero. */
export class FormulaError extends Error {
  constructor(
    readonly reason: "syntax" | "division_by_zero",
    readonly position: number,
  ) {
    super(`${reason} at ${position}`);
  }
}

type Token =
  | { type: "number"; value: number; at: number }
  | { type: "name"; value: string; at: number }
  | { type: "op"; value: string; at: number }
  | { type: "end"; at: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) i++;
    else if (/[0-9.]/.test(c)) {
      const match = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i));
      if (!match) throw new FormulaError("syntax", i);
      tokens.push({ type: "number", value: Number(match[0]), at: i });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i)) as RegExpExecArray;
      tokens.push({ type: "name", value: match[0].toLowerCase(), at: i });
      i += match[0].length;
    } else if ("+-*/(),".includes(c)) {
      tokens.push({ type: "op", value: c, at: i });
      i++;
    } else throw new FormulaError("syntax", i);
  }
  tokens.push({ type: "end", at: text.length });
  return tokens;
}

/** Parses a formula; throws FormulaError. */
export function parseFormula(text: string): FormulaNode {
  const tokens = tokenize(text);
  let k = 0;
  const peek = () => tokens[k];
  const isOp = (value: string) => {
    const t = peek();
    return t.type === "op" && t.value === value;
  };
  const expect = (value: string) => {
    if (!isOp(value)) throw new FormulaError("syntax", peek().at);
    k++;
  };
  function sum(): FormulaNode {
    let left = product();
    while (isOp("+") || isOp("-")) {
      const op = (tokens[k++] as { value: "+" | "-" }).value;
      left = { kind: "binary", op, left, right: product() };
    }
    return left;
  }
  function product(): FormulaNode {
    let left = unary();
    while (isOp("*") || isOp("/")) {
      const op = (tokens[k++] as { value: "*" | "/" }).value;
      const at = peek().at;
      const right = unary();
      if (op === "/" && isZero(right)) throw new FormulaError("division_by_zero", at);
      left = { kind: "binary", op, left, right };
    }
    return left;
  }
  function unary(): FormulaNode {
    if (isOp("-")) {
      k++;
      return { kind: "neg", arg: unary() };
    }
    if (isOp("+")) {
      k++;
      return unary();
    }
    return primary();
  }
  function primary(): FormulaNode {
    const t = peek();
    if (t.type === "number") {
      k++;
      return { kind: "number", value: t.value };
    }
    if (t.type === "name") {
      k++;
      if (!isOp("(")) return { kind: "name", name: t.value };
      if (!(FORMULA_FUNCTIONS as readonly string[]).includes(t.value)) throw new FormulaError("syntax", t.at);
      k++;
      const args = [sum()];
      while (isOp(",")) {
        k++;
        args.push(sum());
      }
      expect(")");
      if (t.value === "abs" && args.length !== 1) throw new FormulaError("syntax", t.at);
      return { kind: "call", fn: t.value as FormulaFunction, args };
    }
    if (isOp("(")) {
      k++;
      const inner = sum();
      expect(")");
      return inner;
    }
    throw new FormulaError("syntax", t.at);
  }
  const tree = sum();
  if (peek().type !== "end") throw new FormulaError("syntax", peek().at);
  return tree;
}

/** A divisor that is zero whatever the figures: a literal zero, or arithmetic of literals that makes zero. */
function isZero(node: FormulaNode): boolean {
  const value = evaluateFormula(node, () => null);
  return value === 0 && !namesOf(node).size;
}

/** The names a formula reads (figures and other indicators' keys). */
export function namesOf(node: FormulaNode, into = new Set<string>()): Set<string> {
  if (node.kind === "name") into.add(node.name);
  else if (node.kind === "neg") namesOf(node.arg, into);
  else if (node.kind === "binary") {
    namesOf(node.left, into);
    namesOf(node.right, into);
  } else if (node.kind === "call") for (const arg of node.args) namesOf(arg, into);
  return into;
}

/** The formula's value; null when a name has no value or a divisor is zero. */
export function evaluateFormula(node: FormulaNode, figure: (name: string) => number | null): number | null {
  switch (node.kind) {
    case "number":
      return node.value;
    case "name":
      return figure(node.name);
    case "neg": {
      const value = evaluateFormula(node.arg, figure);
      return value === null ? null : -value;
    }
    case "binary": {
      const left = evaluateFormula(node.left, figure);
      const right = evaluateFormula(node.right, figure);
      if (left === null || right === null) return null;
      if (node.op === "+") return left + right;
      if (node.op === "-") return left - right;
      if (node.op === "*") return left * right;
      return right === 0 ? null : left / right;
    }
    case "call": {
      const values = node.args.map((arg) => evaluateFormula(arg, figure));
      if (values.some((v) => v === null)) return null;
      const numbers = values as number[];
      if (node.fn === "abs") return Math.abs(numbers[0]);
      return node.fn === "min" ? Math.min(...numbers) : Math.max(...numbers);
    }
  }
}

/**
 * The order to compute indicators in so each one's indicators come first (keys → the keys its formula reads);
 * a cycle gives the keys on it instead.
 */
export function indicatorOrder(reads: Map<string, Set<string>>): { order: string[] } | { cycle: string[] } {
  const order: string[] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (key: string): string[] | null => {
    if (state.get(key) === "done") return null;
    if (state.get(key) === "open") return [...stack.slice(stack.indexOf(key)), key];
    state.set(key, "open");
    stack.push(key);
    for (const next of reads.get(key) ?? [])
      if (reads.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    stack.pop();
    state.set(key, "done");
    order.push(key);
    return null;
  };
  for (const key of reads.keys()) {
    const cycle = visit(key);
    if (cycle) return { cycle };
  }
  return { order };
}
