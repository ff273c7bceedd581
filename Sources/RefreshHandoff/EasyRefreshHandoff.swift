/// flutter_easy_refresh (Dart): a `BuilderHeader` with the indicator's settings; the builder gets
/// the `IndicatorState` (mode, offset, actualTriggerOffset) to draw from.
enum EasyRefreshHandoff {
    static let versions = [EasyRefreshLottieHandoff.versions[0]]
    static func limits(_ spec: HandoffSpec) -> [String] {
        var limits: [String] = []
        if spec.hold != spec.trigger { limits.append("a hold extent (\(HandoffSpec.points(spec.hold)) pt) other than the trigger: the header is held at triggerOffset") }
        if spec.startOffset != 0 { limits.append("a start offset (\(HandoffSpec.points(spec.startOffset)) pt): offset starts at the edge") }
        limits.append("the rubber band's curve: frictionFactor is EasyRefresh's own (its default is close to UIScrollView's)")
        if spec.placement == .stretch { limits.append("placement 'stretch': the builder gets the offset and must stretch its own drawing") }
        return limits
    }

    static func dart(_ spec: HandoffSpec) -> String {
        let name = HandoffPlatform.typeName(spec.name)
        let lower = name.prefix(1).lowercased() + name.dropFirst()
        let (position, clamping) = switch spec.placement {
        case .push, .behind, .stretch: ("IndicatorPosition.behind", "false")
        case .above: ("IndicatorPosition.above", "true")
        }
        let t = { CodeText.stringLiteral($0, in: .dart) }
        let colors = spec.colors.map { "  static const \(CodeText.identifier($0.name)) = Color(0x\($0.hex.count == 9 ? String($0.hex.suffix(2) + $0.hex.dropFirst().prefix(6)) : "FF" + $0.hex.dropFirst()));" }
        let floor = spec.secondFloorTrigger.map { "\n    secondaryTriggerOffset: \(HandoffSpec.number($0, 1))," } ?? ""
        return """
        import 'package:easy_refresh/easy_refresh.dart';
        import 'package:flutter/material.dart';
        import 'package:flutter/physics.dart';

        /// \(CodeText.lineComment(spec.name)), as tuned in RefreshKit.
        class \(name)Refresh {
        \(colors.joined(separator: "\n"))
          static const texts = <IndicatorMode, String>{
            IndicatorMode.drag: "\(t(spec.texts.pulling))",
            IndicatorMode.armed: "\(t(spec.texts.eligible))",
            IndicatorMode.processing: "\(t(spec.texts.refreshing))",
          };
          static const successText = "\(t(spec.texts.success))";
          static const failureText = "\(t(spec.texts.failure))";
          static const noMoreText = "\(t(spec.texts.noMoreData))";
        }

        /// The header: EasyRefresh(header: \(lower)Header, onRefresh: ...).
        final \(lower)Header = BuilderHeader(
          triggerOffset: \(HandoffSpec.number(spec.trigger, 1)),
          clamping: \(clamping),
          position: \(position),
          processedDuration: const Duration(milliseconds: \(Int((spec.resultHold * 1000).rounded()))),
          spring: SpringDescription.withDampingRatio(mass: \(HandoffSpec.number(spec.spring.mass)), stiffness: \(HandoffSpec.number(spec.spring.stiffness)), ratio: \(HandoffSpec.number(spec.spring.dampingRatio))),
          springRebound: true,
          hapticFeedback: \(spec.haptics != .off),
          triggerWhenReach: \(spec.policy == .onReach),\(floor)
          builder: (context, state) {
            // state.offset / state.actualTriggerOffset is the progress (1 at the trigger).
            final progress = state.offset / state.actualTriggerOffset;
            return SizedBox(
              height: state.offset,
              child: Center(child: Opacity(opacity: progress.clamp(0.0, 1.0), child: Text(\(name)Refresh.texts[state.mode] ?? ""))),
            );
          },
        );

        """
    }
}
