import { asCents } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { lotRemainders } from './wallet-allocation.js';

const lots = [
  { id: 1, quantity: asCents(25_000) },
  { id: 2, quantity: asCents(50_000) },
  { id: 3, quantity: asCents(10_000) },
];
const of = (balance: number) => Object.fromEntries(lotRemainders(lots, asCents(balance)));

describe('lotRemainders: the balance allocated newest lot first', () => {
  it('a full wallet: every lot whole', () => {
    expect(of(85_000)).toEqual({ 1: 25_000, 2: 50_000, 3: 10_000 });
  });
  it('spending has eaten into the oldest lot first', () => {
    expect(of(70_000)).toEqual({ 1: 10_000, 2: 50_000, 3: 10_000 });
  });
  it('the oldest lot spent, the next one partly', () => {
    expect(of(35_000)).toEqual({ 1: 0, 2: 25_000, 3: 10_000 });
  });
  it('only part of the newest lot left', () => {
    expect(of(4_000)).toEqual({ 1: 0, 2: 0, 3: 4_000 });
  });
  it('an empty or overdrawn balance leaves nothing anywhere', () => {
    expect(of(0)).toEqual({ 1: 0, 2: 0, 3: 0 });
    expect(of(-100)).toEqual({ 1: 0, 2: 0, 3: 0 });
  });
  it('more than the lots bought: each lot whole, the rest never lapses', () => {
    expect(of(90_000)).toEqual({ 1: 25_000, 2: 50_000, 3: 10_000 });
  });
  it('no lots: nothing to allocate', () => {
    expect(lotRemainders([], asCents(5_000)).size).toBe(0);
  });
});
