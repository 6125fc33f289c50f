import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ActivityCard } from "../analytics";
import { useMe } from "../session";
import { StructureNav, useAbilities, useStructureLive } from "../structure";
import { BackupsCard } from "./backups-card";
import { InstallationLicencesCard } from "./installation-licences-card";
import { LicenceCard } from "./licence-card";
import { MembersAdminCard } from "./members-admin-card";
import { RemoteCopyCard } from "./remote-copy-card";
import { RolesCard } from "./roles-card";
import { SpaceSettingsCard } from "./space-settings-card";
import { StorageCard } from "./storage-card";

/**
 * `/:spaceId/admin`: roles and their abilities, members and their roles, the space's settings, licence, storage, backups and copies between installations; for the
 * system administrator also the installation's licences.
 */
export function AdminPage() {
  const { t } = useTranslation("admin");
  const { spaceId = "" } = useParams();
  const { can, ready } = useAbilities(spaceId);
  useStructureLive(spaceId);
  const showRoles = can("roles:read");
  const showMembers = can("members:read");
  const showSettings = can("space:admin");
  const systemAdmin = useMe().data?.isSystemAdmin === true;

  return (
    <Stack gap="md">
      <StructureNav spaceId={spaceId} active="admin" />
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        {t("title")}
      </Title>
      {ready && !showRoles && !showMembers && !showSettings ? (
        <Paper withBorder radius="md" p="lg">
          <Text>{t("noAccess")}</Text>
        </Paper>
      ) : null}
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        {showMembers ? <MembersAdminCard spaceId={spaceId} canWrite={can("members:write")} /> : null}
        {showRoles ? <RolesCard spaceId={spaceId} canWrite={can("roles:write")} /> : null}
        {showSettings ? <SpaceSettingsCard spaceId={spaceId} /> : null}
        {showSettings ? <LicenceCard spaceId={spaceId} /> : null}
        {showSettings ? <StorageCard spaceId={spaceId} /> : null}
        {showSettings ? <BackupsCard spaceId={spaceId} /> : null}
        {showSettings ? <RemoteCopyCard spaceId={spaceId} /> : null}
      </SimpleGrid>
      {showSettings ? <ActivityCard spaceId={spaceId} /> : null}
      {systemAdmin ? <InstallationLicencesCard /> : null}
    </Stack>
  );
}
