import type { TestServer } from "../../../test/test-server.js";
import { addItem, setUpWorkspace } from "../workspace.test-kit.js";

const DAY_MS = 86_400_000;
/** The Monday of the week `weeksBack` weeks before this one ("YYYY-MM-DD"): a finished week has no future day. */
export function mondayWeeksAgo(weeksBack: number) {
  const today = Math.floor(Date.now() / DAY_MS);
  const monday = today - ((today + 3) % 7) - 7 * weeksBack;
  return new Date(monday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A space whose member is a labour resource ("Иванов И.") assigned to work A10 for 80 h (progress measured by units),
 * and a second work A20 nobody is assigned to yet; the owner is A10's curator.
 */
export async function seedTimesheets(server: TestServer) {
  const ws = await setUpWorkspace(server);
  const { owner, member, space, version, schedule } = ws;
  const a10 = await addItem(owner, version.id, {
    type: "work",
    name: "Кладка стен",
    code: "A10",
    duration: 10 * 480,
    percentCompleteType: "units",
  });
  const a20 = await addItem(owner, version.id, { type: "work", name: "Штукатурка", code: "A20", duration: 5 * 480 });
  const calc = await owner.call("PATCH", `/versions/${version.id}/timetable/calculate/synchronous`);
  if (calc.status !== 200) throw new Error(JSON.stringify(calc.body));
  const resource = await owner.call("POST", `/space/${space.id}/resources`, {
    code: "MASON-1",
    name: "Иванов И.",
    kind: "labor",
    unit: "h",
    userId: member.userId,
  });
  if (resource.status !== 200) throw new Error(JSON.stringify(resource.body));
  const assignment = await owner.call("POST", `/versions/${version.id}/assignment/wbs/save`, {
    wbsId: a10.id,
    resourceId: resource.body.data.id,
    budgetedUnits: 80,
  });
  if (assignment.status !== 200) throw new Error(JSON.stringify(assignment.body));
  const curator = await owner.call("PATCH", `/users/${owner.userId}/set-executor`, {
    versionId: version.id,
    wbsId: a10.id,
    role: "curator",
  });
  if (curator.status !== 200) throw new Error(JSON.stringify(curator.body));
  return {
    ...ws,
    a10,
    a20,
    assignmentId: assignment.body.data.id as string,
    save: (actor: typeof member, week: string, lines: { wbsId: number; hours: number[] }[], submit = false) =>
      actor.call("PATCH", `/schedules/${schedule.id}/timesheet/update`, { versionId: version.id, week, lines, submit }),
  };
}
