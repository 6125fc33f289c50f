import { membersHolding } from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import type { Tx } from "../../../platform/db.js";
import { addNotices, announceNotices, type NoticeRow } from "../../notices/notify.js";
import { workNames } from "./wdp-approval.repo.js";
import type { ApprovalNotices } from "./wdp-approval.service.js";
import { dateOf } from "./wdp-days.js";

/**
 * The approval flow's notices: a report waiting for approval tells everyone who may approve it on that schedule
 * (`wdp:approve` space-wide or granted on its lineage), but not its own reporter, one notice per work of the
 * report: `task_need_accept_daily_data` for done quantities, `task_need_accept_expert_data` for plan changes of
 * approved days (the planner's "expert" data). A decision has no notice kind among the spec's fifteen: the reporter sees it live on the
 * phone page (`wdp_updated`) and in "my reports".
 */
export function approvalNotices(ctx: Pick<AppContext, "db" | "realtime">): (tx: Tx) => ApprovalNotices {
  return () => {
    const added: NoticeRow[] = [];
    return {
      async reported(tx, vs, report) {
        const approvers = (await membersHolding(tx, vs.grant.space.id, "wdp:approve", vs.lineage)).filter(
          (userId) => userId !== vs.grant.userId,
        );
        if (approvers.length === 0 || report.itemIds.length === 0) return;
        const works = await workNames(tx, vs.version.id, report.itemIds);
        const date = dateOf(report.day);
        added.push(
          ...(await addNotices(
            tx,
            approvers.flatMap((userId) =>
              works.map((work) => ({
                spaceId: vs.grant.space.id,
                userId,
                kind:
                  report.kind === "plan"
                    ? ("task_need_accept_expert_data" as const)
                    : ("task_need_accept_daily_data" as const),
                duty: "approvals" as const,
                byUserId: vs.grant.userId,
                scheduleId: vs.scheduleId,
                versionId: vs.version.id,
                wbsId: work.id,
                params: { work: work.name, code: work.code, date },
              })),
            ),
          )),
        );
      },
      async decided() {},
      announce() {
        announceNotices(ctx, added);
      },
    };
  };
}
