import type {
  BimIndicatorColourEntry,
  BimLink,
  BimLinkedElement,
  BimLinkRule,
  ScheduleDto,
  Version,
  WbsItem,
} from "@planum/contracts";
import { api, apiRequest } from "../../shared/api-client";

const links = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/3d/link`;
const ofVersion = (versionId: string, linkId: string) =>
  `/versions/${encodeURIComponent(versionId)}/3d/link/${encodeURIComponent(linkId)}`;

export const bimLinkKeys = {
  links: (spaceId: string, projectId: string) => ["space", spaceId, "bim", projectId, "links"] as const,
  relations: (spaceId: string, linkId: string) => ["space", spaceId, "bim-link", linkId, "relations"] as const,
  works: (spaceId: string, versionId: string) => ["space", spaceId, "bim-link-works", versionId] as const,
};

/** The 3D links of a project and the element↔work ties under one (spec §7). */
export const bimLinksApi = {
  links: (projectId: string) => api.get<BimLink[]>(links(projectId)),
  /** The links of a schedule's versions: what the workspace can show. */
  ofSchedule: (scheduleId: string) => api.get<BimLink[]>(`/schedules/${encodeURIComponent(scheduleId)}/3d/link`),
  save: (projectId: string, body: { name: string; versionId: string; modelIds: string[] }) =>
    api.post<BimLink>(`${links(projectId)}/save`, body),
  /** The versions a link can be made for: every version of the project's schedules. */
  versions: async (projectId: string) => {
    const schedules = await api.get<ScheduleDto[]>(`/projects/${encodeURIComponent(projectId)}/schedules`);
    const lists = await Promise.all(
      schedules.map(async (schedule) =>
        (await api.get<Version[]>(`/schedules/${encodeURIComponent(schedule.id)}/versions`)).map((version) => ({
          schedule,
          version,
        })),
      ),
    );
    return lists.flat();
  },
  works: (versionId: string) => api.get<WbsItem[]>(`/versions/${encodeURIComponent(versionId)}/wbs`),
  relations: (versionId: string, linkId: string) =>
    api.get<BimLinkedElement[]>(`${ofVersion(versionId, linkId)}/wbs-node-relations`),
  tie: (versionId: string, linkId: string, body: { modelId: string; expressIds: number[]; itemIds: number[] }) =>
    api.post<{ created: number }>(`${ofVersion(versionId, linkId)}/create-relations`, body),
  tieByRule: (versionId: string, linkId: string, rule: BimLinkRule) =>
    api.post<{ created: number }>(`${ofVersion(versionId, linkId)}/create-relations`, { rule }),
  /** Each tied element coloured by its finish's deviation from the target's, `tolerance` days counting as on time. */
  indicatorColours: (versionId: string, linkId: string, tolerance: number) =>
    api.get<BimIndicatorColourEntry[]>(`${ofVersion(versionId, linkId)}/indicator-colors/${tolerance}`),
  untie: (versionId: string, linkId: string, body: { modelId: string; expressIds: number[]; itemIds: number[] }) =>
    apiRequest<{ deleted: number }>(`${ofVersion(versionId, linkId)}/relation`, { method: "DELETE", body }),
};
