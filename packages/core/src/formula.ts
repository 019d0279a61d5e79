import jsep from "jsep";

/** Functions a formula may call; nothing else is reachable from an expression. */
const FUNCTIONS: Record<string, (...args: number[]) => number> = {
  min: (...args) => Math.min(...args),
  max: (...args) => Math.max(...args),
  abs: Math.abs,
  round: (value, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits,
  floor: Math.floor,
  ceil: Math.ceil,
  sqrt: Math.sqrt,
  pow: Math.pow,
  sum: (...args) => args.reduce((a, b) => a + b, 0),
  avg: (...args) => (args.length ? args.reduce((a, b) => a + b, 0) / args.length : 0),
  if: (test, yes, no) => (test ? yes : no),
};

const BINARY: Record<string, (a: number, b: number) => number> = {
  "+": (a, b) => a + b,
  "-": (a, b) => a - b,
  "*": (a, b) => a * b,
  "/": (a, b) => a / b,
  "%": (a, b) => a % b,
  "**": (a, b) => a ** b,
  ">": (a, b) => Number(a > b),
  "<": (a, b) => Number(a < b),
  ">=": (a, b) => Number(a >= b),
  "<=": (a, b) => Number(a <= b),
  "==": (a, b) => Number(a === b),
  "!=": (a, b) => Number(a !== b),
  "&&": (a, b) => Number(Boolean(a) && Boolean(b)),
  "||": (a, b) => Number(Boolean(a) || Boolean(b)),
};

export const FORMULA_FUNCTIONS = Object.keys(FUNCTIONS);

export class FormulaError extends Error {}

export type Formula = jsep.Expression;

/** Parses an expression with jsep and keeps only the node kinds the evaluator allows. */
export function parseFormula(text: string): Formula {
  let tree: jsep.Expression;
  try {
    tree = jsep(text);
  } catch (error) {
    throw new FormulaError((error as Error).message);
  }
  check(tree);
  return tree;
}

/** The child expressions a node of an allowed kind evaluates. */
function childrenOf(node: jsep.Expression): jsep.Expression[] {
  switch (node.type) {
    case "Literal":
      if (typeof node.value !== "number" && typeof node.value !== "boolean")
        throw new FormulaError("Only numbers may be written in a formula");
      return [];
    case "Identifier":
      return [];
    case "UnaryExpression":
      if (!["-", "+", "!"].includes(node.operator as string))
        throw new FormulaError(`Unknown operator ${node.operator}`);
      return [node.argument as jsep.Expression];
    case "BinaryExpression":
      if (!BINARY[node.operator as string]) throw new FormulaError(`Unknown operator ${node.operator}`);
      return [node.left as jsep.Expression, node.right as jsep.Expression];
    case "ConditionalExpression":
      return [node.test, node.consequent, node.alternate] as jsep.Expression[];
    case "CallExpression": {
      const callee = node.callee as jsep.Expression;
      if (callee.type !== "Identifier" || !Object.hasOwn(FUNCTIONS, callee.name as string)) {
        throw new FormulaError(
          "Only min, max, abs, round, floor, ceil, sqrt, pow, sum, avg and if may be called",
        );
      }
      return node.arguments as jsep.Expression[];
    }
    default:
      throw new FormulaError(`A formula may not contain ${node.type}`);
  }
}

function check(node: jsep.Expression, depth = 0): void {
  if (depth > 100) throw new FormulaError("The formula is nested too deeply");
  for (const child of childrenOf(node)) check(child, depth + 1);
}

/** Names of the variables an expression reads. */
export function formulaVariables(node: jsep.Expression, out = new Set<string>()): Set<string> {
  if (node.type === "Identifier") out.add(node.name as string);
  for (const key of ["argument", "left", "right", "test", "consequent", "alternate"] as const) {
    const child = node[key] as jsep.Expression | undefined;
    if (child) formulaVariables(child, out);
  }
  if (node.type === "CallExpression")
    for (const arg of node.arguments as jsep.Expression[]) formulaVariables(arg, out);
  return out;
}

/** Evaluates a parsed formula; an unknown variable counts as 0, a non-finite result is null. */
export function evaluateFormula(
  node: jsep.Expression,
  variables: Readonly<Record<string, number>>,
): number | null {
  const value = run(node, variables);
  return Number.isFinite(value) ? value : null;
}

function run(node: jsep.Expression, vars: Readonly<Record<string, number>>): number {
  switch (node.type) {
    case "Literal":
      return Number(node.value);
    case "Identifier":
      return Object.hasOwn(vars, node.name as string) ? (vars[node.name as string] ?? 0) : 0;
    case "UnaryExpression": {
      const value = run(node.argument as jsep.Expression, vars);
      return node.operator === "-" ? -value : node.operator === "!" ? Number(!value) : value;
    }
    case "BinaryExpression":
      return BINARY[node.operator as string]!(
        run(node.left as jsep.Expression, vars),
        run(node.right as jsep.Expression, vars),
      );
    case "ConditionalExpression":
      return run(node.test as jsep.Expression, vars)
        ? run(node.consequent as jsep.Expression, vars)
        : run(node.alternate as jsep.Expression, vars);
    case "CallExpression":
      return FUNCTIONS[(node.callee as jsep.Expression).name as string]!(
        ...(node.arguments as jsep.Expression[]).map((arg) => run(arg, vars)),
      );
    default:
      throw new FormulaError(`A formula may not contain ${node.type}`);
  }
}
