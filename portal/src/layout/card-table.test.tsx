// @vitest-environment happy-dom
// Issue 21 point 1: below the medium breakpoint a table row is a card whose cells read "column: value"; the column names
// come from the headers, so every cell of every row is labelled, also after paging and a language change.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardTable } from './card-table';

afterEach(cleanup);

function Row({ name, position }: { name: string; position: string }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{position}</td>
      <td>
        <button type="button">Edit: {name}</button>
      </td>
    </tr>
  );
}

const labelsOf = (row: HTMLTableRowElement) => Array.from(row.cells).map((cell) => cell.getAttribute('data-label'));
const bodyRows = () => Array.from(document.querySelectorAll<HTMLTableRowElement>('tbody tr'));

describe('CardTable', () => {
  it('labels every body cell, row headers and rows from components too, with its column; an empty header gives none', () => {
    render(
      <CardTable caption="Members" headers={['Name', 'Role', '']}>
        <Row name="Sato" position="Manager" />
        <Row name="Suzuki" position="Member" />
      </CardTable>,
    );
    expect(screen.getByRole('table', { name: 'Members' })).toBeTruthy();
    expect(bodyRows().map(labelsOf)).toEqual([
      ['Name', 'Role', ''],
      ['Name', 'Role', ''],
    ]);
    // The same actions as the table: the row's own buttons.
    expect(screen.getByRole('button', { name: 'Edit: Suzuki' })).toBeTruthy();
  });

  it('counts a cell spanning columns as all of them', () => {
    render(
      <CardTable caption="Totals" headers={['Plan', 'Active', 'Expired', 'Total']}>
        <tr>
          <td colSpan={3}>All plans</td>
          <td>12</td>
        </tr>
      </CardTable>,
    );
    expect(labelsOf(bodyRows()[0]!)).toEqual(['Plan', 'Total']);
  });

  it('labels rows that arrive later and follows new headers (a language change)', () => {
    const { rerender } = render(
      <CardTable caption="Members" headers={['Name', 'Role', '']}>
        <Row name="Sato" position="Manager" />
      </CardTable>,
    );
    rerender(
      <CardTable caption="メンバー" headers={['名前', '役割', '']}>
        <Row name="Sato" position="Manager" />
        <Row name="Tanaka" position="Member" />
      </CardTable>,
    );
    expect(bodyRows().map(labelsOf)).toEqual([
      ['名前', '役割', ''],
      ['名前', '役割', ''],
    ]);
    expect(screen.getByRole('group', { name: 'メンバー' })).toBeTruthy();
  });
});
