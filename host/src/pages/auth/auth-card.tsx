import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';

export type AuthCardProps = { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode };

/** The frame of every auth-group page: one centred card with a title (the route sets the tab title). */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Flex justify="center" style={{ padding: '48px 16px' }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
        {children}
        {footer ? (
          <div className="lf-auth-footer" style={{ marginTop: 16 }}>
            {/* Links inside a sentence are underlined: colour alone does not set them apart (WCAG 1.4.1). */}
            <style>{'.lf-auth-footer a { text-decoration: underline; }'}</style>
            {footer}
          </div>
        ) : null}
      </Card>
    </Flex>
  );
}
