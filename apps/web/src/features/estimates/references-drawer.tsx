import { Drawer, Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useAbilities } from "../structure";
import { CoefficientsTab } from "./coefficients-tab";
import { MeasuresTab } from "./measures-tab";
import { RulesTab } from "./rules-tab";
import { SettingsTab } from "./settings-tab";

/**
 * The space's cost references beside its estimates: measures, cost coefficients, compliance rules and costr
 * settings. Everyone reads them; those who may define attributes (`attribute:admin`) change them.
 */
export function ReferencesDrawer(props: {
  spaceId: string;
  opened: boolean;
  onClose(): void;
  number(x: number): string;
}) {
  const { t } = useTranslation("estimates");
  const { can } = useAbilities(props.spaceId);
  const canEdit = can("attribute:admin");
  return (
    <Drawer opened={props.opened} onClose={props.onClose} position="right" size="xl" title={t("refs.title")}>
      <Tabs defaultValue="measures" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="measures">{t("refs.measures")}</Tabs.Tab>
          <Tabs.Tab value="coefficients">{t("coefficients")}</Tabs.Tab>
          <Tabs.Tab value="rules">{t("compliance.title")}</Tabs.Tab>
          <Tabs.Tab value="settings">{t("refs.settings")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="measures">
          <MeasuresTab canEdit={canEdit} number={props.number} />
        </Tabs.Panel>
        <Tabs.Panel value="coefficients">
          <CoefficientsTab canEdit={canEdit} number={props.number} />
        </Tabs.Panel>
        <Tabs.Panel value="rules">
          <RulesTab canEdit={canEdit} number={props.number} />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsTab canEdit={canEdit} />
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
