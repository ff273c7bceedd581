import RefreshLottieExport

/// flutter_easy_refresh with the Flutter `lottie` package: a widget for easyrefresh.dart's
/// `BuilderHeader` that plays the plugin's export (the files `refresh-dump handoff` writes beside
/// the code): the drag scrubs the `pulling` marker, `eligible` and `refreshing` loop on an
/// `AnimationController`, the result plays once. Names checked against lottie 3.3.3 (`Lottie.asset`,
/// `LottieComposition.getMarker`, `Marker.start`/`end`) and easy_refresh 3.3.4 (`IndicatorState`).
enum EasyRefreshLottieHandoff {
    static func limits(_ spec: HandoffSpec) -> [String] {
        ["a change of theme while the header is shown: the asset is chosen when the widget builds"]
    }

    static func dart(_ spec: HandoffSpec) -> String {
        let type = HandoffPlatform.typeName(spec.name) + "LottieIndicator"
        let name = CodeText.stringLiteral(LottieExport.fileName(spec.name), in: .dart)
        let t = { CodeText.stringLiteral($0, in: .dart) }
        return """
        import 'package:easy_refresh/easy_refresh.dart';
        import 'package:flutter/material.dart';
        import 'package:lottie/lottie.dart';

        /// \(CodeText.lineComment(spec.name)) as RefreshKit exported it: list \(name).json and \(name)-dark.json (written beside this
        /// file by `refresh-dump handoff`, or by `refresh-dump export`) under assets in pubspec.yaml, and build
        /// easyrefresh.dart's header with `builder: (context, state) => \(type)(state: state)`.
        class \(type) extends StatefulWidget {
          const \(type)({super.key, required this.state});

          final IndicatorState state;

          @override
          State<\(type)> createState() => _\(type)State();
        }

        class _\(type)State extends State<\(type)> with SingleTickerProviderStateMixin {
          late final AnimationController _controller = AnimationController(vsync: this);
          LottieComposition? _composition;
          String? _playing;

          /// The marker the mode plays; null while the drag scrubs `pulling`.
          String? get _marker => switch (widget.state.mode) {
                IndicatorMode.armed => 'eligible',
                IndicatorMode.ready || IndicatorMode.processing => 'refreshing',
                IndicatorMode.processed || IndicatorMode.done => widget.state.result == IndicatorResult.fail ? 'failure' : 'success',
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

          /// Starts the mode's marker when it changes: the result once, the others in a loop.
          void _follow() {
            final name = _marker, composition = _composition;
            if (name == _playing || composition == null) return;
            _playing = name;
            final marker = name == null ? null : composition.getMarker(name);
            if (marker == null) return _controller.stop();
            final span = composition.duration * (marker.end - marker.start);
            if (name == 'success' || name == 'failure') {
              _controller.value = marker.start;
              _controller.animateTo(marker.end, duration: span);
            } else {
              _controller.repeat(min: marker.start, max: marker.end, period: span);
            }
          }

          @override
          Widget build(BuildContext context) {
            final state = widget.state;
            final dark = Theme.of(context).brightness == Brightness.dark;
            final progress = (state.offset / state.actualTriggerOffset).clamp(0.0, 1.0);
            final pulling = _composition?.getMarker('pulling');
            final Animation<double> position = _marker != null || pulling == null
                ? _controller
                : AlwaysStoppedAnimation(pulling.start + progress * (pulling.end - pulling.start));
            return Semantics(
              label: switch (_marker) {
                'refreshing' => "\(t(spec.texts.refreshing))",
                'eligible' => "\(t(spec.texts.eligible))",
                'success' => "\(t(spec.texts.success))",
                'failure' => "\(t(spec.texts.failure))",
                _ => "\(t(spec.texts.pulling))",
              },
              child: SizedBox(
                height: state.offset,
                child: Lottie.asset(
                  dark ? '\(name)-dark.json' : '\(name).json',
                  controller: position,
                  onLoaded: (composition) => setState(() {
                    _composition = composition;
                    _follow();
                  }),
                ),
              ),
            );
          }
        }

        """
    }
}
