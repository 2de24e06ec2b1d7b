// SQLite's planner reads a LIMIT/OFFSET that is a bound parameter, so rebinding it expires the
// prepared statement and every run compiles the SQL anew (measured: 18 µs instead of 3.9 µs for
// a nested list). Integer limits are ours, never user text, so they go into the SQL as literals.
import {
  OperationNodeTransformer, ValueNode,
  type KyselyPlugin, type LimitNode, type OffsetNode, type OperationNode, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryId, type QueryResult, type RootOperationNode, type UnknownRow,
} from 'kysely';

function literal(node: OperationNode): OperationNode {
  if (ValueNode.is(node) && !node.immediate && Number.isSafeInteger(node.value)) return ValueNode.createImmediate(node.value);
  return node;
}

class LiteralLimitTransformer extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode, queryId?: QueryId): LimitNode {
    return { ...super.transformLimit(node, queryId), limit: literal(node.limit) };
  }

  protected override transformOffset(node: OffsetNode, queryId?: QueryId): OffsetNode {
    return { ...super.transformOffset(node, queryId), offset: literal(node.offset) };
  }
}

export class LiteralLimitsPlugin implements KyselyPlugin {
  private readonly transformer = new LiteralLimitTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
