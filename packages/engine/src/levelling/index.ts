export type {
  LevelAssignment,
  LevelledActivity,
  LevellingInput,
  LevellingOptions,
  LevellingResult,
  LevelMove,
  LevelPriority,
  LevelReason,
  LevelResource,
} from "./levelling-types.js";
export { DEFAULT_PRIORITIES } from "./priority-order.js";
export { Leveller, levelResources } from "./serial-levelling.js";
