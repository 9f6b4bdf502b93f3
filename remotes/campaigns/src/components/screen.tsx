import { AreaScreen, type AreaScreenProps } from '@leadforge/ui';
import { NAMESPACE } from '../i18n';

export type ScreenProps = Omit<AreaScreenProps, 'namespace'>;

/** The frame of every built screen of the area (header from `pages.<pageKey>`). */
export function Screen(props: ScreenProps) {
  return <AreaScreen namespace={NAMESPACE} {...props} />;
}
