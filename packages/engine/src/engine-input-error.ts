/** Thrown for input the engine cannot schedule; `item` names the offending thing (e.g. `activity "A10"`). */
export class EngineInputError extends Error {
  readonly item: string;
  constructor(item: string, message: string) {
    super(`${item}: ${message}`);
    this.name = "EngineInputError";
    this.item = item;
  }
}
