import { Screen } from '../components/screen';
import { ToolsCatalogue } from '../features/finder-tools/components/tools-catalogue';
import { ToolsOverview } from '../features/finder-tools/components/tools-overview';

/** /finder-tools: the caller's activity and every tool of the area. */
export function FinderToolsPage() {
  return (
    <Screen pageKey="finderTools">
      <ToolsOverview />
      <ToolsCatalogue />
    </Screen>
  );
}
