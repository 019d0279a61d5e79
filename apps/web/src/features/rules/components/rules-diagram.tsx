import type { TElement } from "@formloom/core/element-schema";
import type { TRule } from "@formloom/core/rule-schema";
import { useMediaQuery } from "@mantine/hooks";
import { Background, Controls, type Edge, MarkerType, type Node, Position, ReactFlow } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type ActionTargets, actionText, conditionText } from "../rule-text.ts";

const ROW = 120;

/**
 * The rules as a flow: each rule's conditions on the left, an arrow named after the rule to
 * each of its actions on the right. Loaded on its own, so the app's main bundle stays small.
 */
export default function RulesDiagram({
  rules,
  fields,
  targets,
}: {
  rules: TRule[];
  fields: TElement[];
  targets: ActionTargets;
}) {
  const { t } = useTranslation();
  // Narrower boxes on a phone, so the fitted diagram stays readable.
  const narrow = useMediaQuery("(max-width: 600px)") ?? false;
  const NODE_WIDTH = narrow ? 150 : 260;
  const GAP = narrow ? 90 : 180;
  const { nodes, edges } = useMemo(() => {
    const nodes: Node[] = [];
    const edges: Edge[] = [];
    let row = 0;
    for (const rule of rules) {
      const actions = [
        ...rule.then.map((action) => ({ action, otherwise: false })),
        ...rule.else.map((action) => ({ action, otherwise: true })),
      ];
      const height = Math.max(actions.length, 1);
      const conditionId = `${rule.id}:if`;
      nodes.push({
        id: conditionId,
        position: { x: 0, y: (row + (height - 1) / 2) * ROW },
        data: { label: `${t("If")} ${conditionText(rule.if, fields, t)}` },
        type: "input",
        sourcePosition: Position.Right,
        style: { width: NODE_WIDTH, opacity: rule.enabled ? 1 : 0.55 },
        ariaLabel: `${rule.name}: ${t("If")} ${conditionText(rule.if, fields, t)}`,
      });
      actions.forEach(({ action, otherwise }, index) => {
        const actionId = `${rule.id}:${otherwise ? "else" : "then"}:${index}`;
        const text = actionText(action, fields, t, targets);
        nodes.push({
          id: actionId,
          position: { x: NODE_WIDTH + GAP, y: (row + index) * ROW },
          data: { label: otherwise ? `${t("Otherwise")}: ${text}` : text },
          type: "output",
          targetPosition: Position.Left,
          style: { width: NODE_WIDTH, opacity: rule.enabled ? 1 : 0.55 },
          ariaLabel: `${rule.name}: ${text}`,
        });
        edges.push({
          id: `${conditionId}->${actionId}`,
          source: conditionId,
          target: actionId,
          label: rule.enabled ? rule.name : `${rule.name} (${t("disabled")})`,
          animated: rule.enabled && !otherwise,
          style: rule.enabled ? undefined : { strokeDasharray: "6 4" },
          markerEnd: { type: MarkerType.ArrowClosed },
        });
      });
      row += height;
    }
    return { nodes, edges };
  }, [rules, fields, t, targets, NODE_WIDTH, GAP]);

  return (
    <div
      style={{ height: Math.min(Math.max(nodes.length, 3) * 70 + 120, 640), width: "100%" }}
      data-testid="rules-diagram"
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        fitView
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        minZoom={0.2}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
