import { Typography } from 'antd';
import { formatCount, formatRate, type TotalTile } from '../../campaign-page/utils/figures';

export type FigureCellProps = { tile: TotalTile; locale: string };

/** A figure (recipients) with its rate under it when it has one. */
export function FigureCell({ tile, locale }: FigureCellProps) {
  return (
    <span>
      {formatCount(tile.unique, locale)}
      {tile.rate === null ? null : (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {formatRate(tile.rate, locale)}
        </Typography.Text>
      )}
    </span>
  );
}
