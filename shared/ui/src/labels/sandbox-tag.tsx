import { Tag, theme, type TagProps } from 'antd';

export type SandboxTagProps = Omit<TagProps, 'color'>;

/**
 * The orange label every sandbox provider's output carries (the sandbox mail OAuth, the LinkedIn
 * sandbox network). antd's orange tag writes orange-7 on orange-1 (3.3:1, below WCAG AA's 4.5:1),
 * so the text takes the palette's orange-8 (5.1:1) and stays legible. The caller gives the text.
 */
export function SandboxTag({ style, ...props }: SandboxTagProps) {
  const { token } = theme.useToken();
  return <Tag {...props} color="orange" style={{ ...style, color: token.orange8 }} />;
}
