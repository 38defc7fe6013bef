import type { ArenaWinMatrix } from '@gw/shared';
import { formatPercent, rateColor } from './board-format';

/**
 * The pairwise win rates: each cell is the row model's share of its battles against the column
 * model (a tie counts half), coloured by that share, with the number of battles under it; '—'
 * where the two never met.
 */
export function WinMatrix({ matrix }: { matrix: ArenaWinMatrix }) {
  const { models, rates, counts } = matrix;
  return (
    <div className="arena-matrix-scroll">
      <table className="arena-matrix" aria-label="两两胜率">
        <thead>
          <tr>
            <th className="arena-matrix-corner">行对列</th>
            {models.map((model) => (
              <th key={model} scope="col" title={model}>
                <span className="arena-matrix-name">{model}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {models.map((row, i) => (
            <tr key={row}>
              <th scope="row" title={row}>
                <span className="arena-matrix-name">{row}</span>
              </th>
              {models.map((column, j) => {
                const rate = rates[i]?.[j] ?? null;
                if (i === j || rate === null) {
                  return (
                    <td key={column} className="arena-matrix-none" title={i === j ? undefined : `${row} 与 ${column} 没有对战过`}>
                      —
                    </td>
                  );
                }
                const count = counts[i]?.[j] ?? 0;
                return (
                  <td key={column} style={{ backgroundColor: rateColor(rate) }} title={`${row} 对 ${column}：胜率 ${formatPercent(rate)}，共 ${count} 场`}>
                    <span className="arena-matrix-rate">{formatPercent(rate, 0)}</span>
                    <span className="arena-matrix-count">{count} 场</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
