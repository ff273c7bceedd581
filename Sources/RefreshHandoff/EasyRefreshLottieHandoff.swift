import RefreshContract
import RefreshLottieExport

/// flutter_easy_refresh with the Flutter `lottie` package: a widget for easyrefresh.dart's
/// `BuilderHeader` that plays the plugin's export (the files `refresh-dump handoff` writes beside the
/// code) as ``LottiePlayback`` says: below the trigger the drag scrubs `pulling`, past it (once
/// `eligible` has played) `overpulling`; each mode plays its
/// marker once or in a loop on an `AnimationController`; the result plays as the header holds it
/// (`processedDuration`). The export is at its own size (1 logical pixel a point), its bottom on the
/// list's top edge, clipped to the gap the pull opens (`state.offset`).
///
/// Read against easy_refresh 3.3.4 (`IndicatorState.mode`, `.result` — `IndicatorResult.noMore` is
/// no more data, not a success —, `.offset`, `.actualTriggerOffset`) and lottie 3.3.3 (`Lottie.asset`
/// with `controller` and `onLoaded`; `LottieComposition.getMarker` returns null for a missing marker;
/// `Marker.start` and `.end` are progress, 0 to 1, `.end` that of the frame after the marker —
/// `(startFrame + durationFrames) / composition.durationFrames` —, so a marker played once ends a
/// frame before it; `LottieComposition.durationFrames`).
enum EasyRefreshLottieHandoff {
    static let versions = [
        "easy_refresh 3.3.4: pubspec easy_refresh: ^3.3.4",
        "lottie 3.3.3: pubspec lottie: ^3.3.3",
    ]

    static func limits(_ spec: HandoffSpec) -> [String] {
        ["a change of theme while the header is shown: the asset is chosen when the widget builds"]
    }

    static func dart(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name) + "LottieIndicator"
        let t = { CodeText.stringLiteral($0, in: .dart) }
        let table = LottiePlayback(spec)
        func m(_ marker: LottieMarker) -> String { table[marker].marker.rawValue }
        let looped = table.rows.filter { $0.play == .loop }.map { "'\($0.marker.rawValue)'" }.joined(separator: ", ")
        let startsWith = table.rows.compactMap { row in row.then.map { "'\($0.rawValue)': '\(row.marker.rawValue)'" } }.joined(separator: ", ")
        return """
        import 'dart:math' as math;

        import 'package:easy_refresh/easy_refresh.dart';
        import 'package:flutter/material.dart';
        import 'package:lottie/lottie.dart';

        /// \(CodeText.lineComment(spec.name)) as RefreshKit exported it: list \(ExportLocales.files(spec)) (written beside this
        /// file by `refresh-dump handoff`) under assets in pubspec.yaml, and build easyrefresh.dart's header with
        /// `builder: (context, state) => \(type)(state: state)`.
        class \(type) extends StatefulWidget {
          const \(type)({super.key, required this.state});

          final IndicatorState state;

          /// The export's size in points: 1 pt of it is 1 logical pixel on screen.
          static const exportSize = Size(\(HandoffSpec.number(table.exportSize.width, 1)), \(HandoffSpec.number(table.exportSize.height, 1)));

          /// Whether a header wider than the export scales it to its width (a scene that paints the whole gap).
          static const fillsWidth = \(table.fillsWidth);

        \(ExportLocales.dart(spec))

          /// Pulled this many triggers, `\(m(.overpulling))` (where the file has it) shows its last frame.
          static const double overpullReach = \(HandoffSpec.number(table.overpullReach, 3));

          /// How long the result shows: the header's processedDuration (easyrefresh.dart's BuilderHeader).
          static const resultHold = Duration(milliseconds: \(Int(((table[.success].hold ?? 0) * 1000).rounded())));

          /// The markers that loop; every other plays once and keeps its last frame.
          static const looped = {\(looped)};

          /// The marker a moment plays once first, where the file has it (the start refreshing draws once).
          static const startsWith = {\(startsWith)};

          @override
          State<\(type)> createState() => _\(type)State();
        }

        class _\(type)State extends State<\(type)> with SingleTickerProviderStateMixin {
          late final AnimationController _controller = AnimationController(vsync: this);
          LottieComposition? _composition;
          String? _playing;

          /// `\(m(.eligible))` has played (once): past the trigger the drag scrubs `\(m(.overpulling))`, its last frame `\(m(.eligible))`'s.
          bool _eligiblePlayed = false;

          /// The marker the mode plays; null while the drag scrubs `\(m(.pulling))`.
          String? get _marker => switch (widget.state.mode) {
                IndicatorMode.armed => '\(m(.eligible))',
                IndicatorMode.ready || IndicatorMode.processing => '\(m(.refreshing))',
                IndicatorMode.processed || IndicatorMode.done => switch (widget.state.result) {
                    IndicatorResult.success => '\(m(.success))',
                    IndicatorResult.fail => '\(m(.failure))',
                    IndicatorResult.noMore => '\(m(.noMoreData))',
                    IndicatorResult.none => _playing,  // no result given: what plays goes on
                  },
                _ => null,
              };

          @override
          void didUpdateWidget(covariant \(type) oldWidget) {
            super.didUpdateWidget(oldWidget);
            _follow();
          }

          @override
          void dispose() {
            _controller.dispose();
            super.dispose();
          }

          /// Starts the mode's marker when it changes, from its first frame: in a loop, or once (its last frame then stays).
          void _follow() {
            final name = _marker, composition = _composition;
            if (name == _playing || composition == null) return;
            _playing = name;
            _eligiblePlayed = false;
            final marker = name == null ? null : composition.getMarker(name);
            if (marker == null) return _controller.stop();  // scrubbing, or a marker the file lacks
            final span = composition.duration * (marker.end - marker.start);
            // Played once, a marker ends on its own last frame: `.end` is the next frame's.
            final last = marker.end - 1 / composition.durationFrames;
            final first = \(type).startsWith[name] == null ? null : composition.getMarker(\(type).startsWith[name]!);
            if (first != null) {
              // Once, then the moment's own marker; a newer marker stops the controller first, and then this never follows.
              _controller.value = first.start;
              _controller.animateTo(first.end - 1 / composition.durationFrames, duration: composition.duration * (first.end - first.start)).then((_) {
                if (!mounted || _playing != name) return;
                if (\(type).looped.contains(name)) {
                  _controller.repeat(min: marker.start, max: marker.end, period: span);
                } else {
                  _controller.value = marker.start;
                  _controller.animateTo(last, duration: span);
                }
              });
            } else if (\(type).looped.contains(name)) {
              _controller.repeat(min: marker.start, max: marker.end, period: span);
            } else {
              _controller.value = marker.start;
              // A cancelled animation's future never completes (TickerFuture).
              _controller.animateTo(last, duration: span).then((_) {
                if (mounted && _playing == name && name == '\(m(.eligible))') setState(() => _eligiblePlayed = true);
              });
            }
          }

          @override
          Widget build(BuildContext context) {
            final state = widget.state;
            final dark = Theme.of(context).brightness == Brightness.dark;
            final progress = (state.offset / state.actualTriggerOffset).clamp(0.0, 1.0);
            final pulling = _composition?.getMarker('\(m(.pulling))');
            final overpulling = _composition?.getMarker('\(m(.overpulling))');
            final over = ((state.offset / state.actualTriggerOffset - 1) / (\(type).overpullReach - 1)).clamp(0.0, 1.0);
            final Animation<double> position = _eligiblePlayed && overpulling != null && \(type).overpullReach > 1
                ? AlwaysStoppedAnimation(overpulling.start + over * (overpulling.end - overpulling.start - 1 / _composition!.durationFrames))
                : _marker != null || pulling == null
                    ? _controller
                    : AlwaysStoppedAnimation(pulling.start + progress * (pulling.end - pulling.start));
            return Semantics(
              label: switch (_marker) {
                '\(m(.refreshing))' => "\(t(spec.texts.refreshing))",
                '\(m(.eligible))' => "\(t(spec.texts.eligible))",
                '\(m(.success))' => "\(t(spec.texts.success))",
                '\(m(.failure))' => "\(t(spec.texts.failure))",
                '\(m(.noMoreData))' => "\(t(spec.texts.noMoreData))",
                _ => "\(t(spec.texts.pulling))",
              },
              child: LayoutBuilder(builder: (context, constraints) {
                const size = \(type).exportSize;
                final width = constraints.maxWidth.isFinite ? constraints.maxWidth : size.width;
                final scale = \(type).fillsWidth ? math.max(1.0, width / size.width) : 1.0;
                // The gap the pull opens; the export's bottom on the list's top edge, the rest clipped.
                return SizedBox(
                  width: width,
                  height: state.offset,
                  child: ClipRect(
                    child: OverflowBox(
                      alignment: Alignment.bottomCenter,
                      minWidth: size.width * scale,
                      maxWidth: size.width * scale,
                      minHeight: size.height * scale,
                      maxHeight: size.height * scale,
                      child: Lottie.asset(
                        \(type).exportAsset(Localizations.maybeLocaleOf(context) ?? WidgetsBinding.instance.platformDispatcher.locale, dark),
                        controller: position,
                        width: size.width * scale,
                        height: size.height * scale,
                        fit: BoxFit.fill,
                        onLoaded: (composition) => setState(() {
                          _composition = composition;
                          _follow();
                        }),
                      ),
                    ),
                  ),
                );
              }),
            );
          }
        }

        """
    }
}
