import type { MarginStockItemInput, MarginStockList, StoredMarginStockItem } from '@vatwise/domain';
import type { SessionUser } from '../../../plugins/access';
import { AppError } from '../../../plugins/errors';
import type { HmrcConnectionService } from '../../hmrc-connection';
import type { MarginStockRepo } from './margin-stock-repo';

const notFound = () => new AppError('RECORD_NOT_FOUND', 'There is no such item in the stock book.');

/** A 409 on the stock number field: the form says which number to change. */
function numberTaken(stockNumber: string) {
  const message = `Stock number ${stockNumber} is already used by another item: give this item its own number`;
  return new AppError('VALIDATION_FAILED', message, [{ path: 'stockNumber', message }], { statusCode: 409 });
}

/**
 * The margin scheme stock book (VAT Notice 718) a business on the scheme must keep. It belongs to the
 * business in the workspace, as its records do, not to one return: a return reads the items bought or
 * sold in its period for its boxes 1, 6 and 7.
 */
export class MarginStockService {
  constructor(
    private readonly deps: {
      repo: MarginStockRepo;
      connections: Pick<HmrcConnectionService, 'assertBusiness'>;
      now?: () => Date;
    },
  ) {}

  private now(): string {
    return (this.deps.now?.() ?? new Date()).toISOString();
  }

  async list(user: SessionUser, vrn: string, range?: { from: string; to: string }): Promise<MarginStockList> {
    await this.deps.connections.assertBusiness(user.workspaceId, vrn);
    return { items: await this.deps.repo.items(user.workspaceId, vrn, range) };
  }

  async add(user: SessionUser, vrn: string, input: MarginStockItemInput): Promise<StoredMarginStockItem> {
    await this.deps.connections.assertBusiness(user.workspaceId, vrn);
    const id = await this.deps.repo.add(user.workspaceId, vrn, input, this.now());
    if (id === null) throw numberTaken(input.stockNumber);
    return this.liveItem(user, id);
  }

  /** The whole line again: recording the sale, or putting a mistake right. */
  async update(user: SessionUser, id: string, input: MarginStockItemInput): Promise<StoredMarginStockItem> {
    const item = await this.liveItem(user, id);
    if (await this.deps.repo.numberTaken(user.workspaceId, item.vrn, input.stockNumber, id)) {
      throw numberTaken(input.stockNumber);
    }
    if (!(await this.deps.repo.update(user.workspaceId, id, item.vrn, input, this.now()))) throw notFound();
    return this.liveItem(user, id);
  }

  async delete(user: SessionUser, id: string): Promise<void> {
    await this.liveItem(user, id);
    if (!(await this.deps.repo.setDeleted(user.workspaceId, id, this.now()))) throw notFound();
  }

  /** Undo of a deletion (while no other item has taken its stock number). */
  async restore(user: SessionUser, id: string): Promise<StoredMarginStockItem> {
    const item = await this.deps.repo.item(user.workspaceId, id);
    if (!item) throw notFound();
    await this.deps.connections.assertBusiness(user.workspaceId, item.vrn);
    if (!(await this.deps.repo.setDeleted(user.workspaceId, id, null))) throw notFound();
    return this.liveItem(user, id);
  }

  /** The workspace's item, not deleted, of a business the user still reaches. */
  private async liveItem(user: SessionUser, id: string): Promise<StoredMarginStockItem> {
    const found = await this.deps.repo.item(user.workspaceId, id);
    if (!found || found.deleted) throw notFound();
    await this.deps.connections.assertBusiness(user.workspaceId, found.vrn);
    const { deleted: _deleted, ...item } = found;
    return item;
  }
}
