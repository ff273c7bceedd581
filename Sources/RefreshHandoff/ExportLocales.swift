import RefreshContract
import RefreshLottieExport

/// How the code that plays the export picks its file by the app's language: the export is written
/// once a locale (`refresh-dump handoff --locale en,zh-Hans,ar`), the first locale's files named
/// without one (`NAME.json`, `NAME-dark.json`), each other's with it (`NAME-zh-Hans.json`); the code
/// carries the list and chooses the first of the app's languages it has — the tag itself, else its
/// language (`zh-CN` plays `zh-Hans`) — else the first locale. One chooser a language, each read
/// against the platform's own call: Foundation's `Bundle.preferredLocalizations(from:forPreferences:)`,
/// Android's `LocaleList` (`Configuration.getLocales()`, API 24), Flutter's `Localizations.maybeLocaleOf`,
/// the web's `navigator.languages`.
enum ExportLocales {
    /// The tags as a list literal: `"en", "zh-Hans"` (tags are letters, digits and `-`).
    private static func list(_ spec: HandoffSpec, quote: String) -> String {
        spec.locales.map { quote + $0 + quote }.joined(separator: ", ")
    }

    /// The file name without the locale, for a string literal (safe: letters, digits, `-`, `_`, `.`).
    private static func base(_ spec: HandoffSpec) -> String { LottieExport.fileName(spec.name) }

    /// The files the code loads, in words: `Label.json and Label-dark.json`, and each other locale's.
    static func files(_ spec: HandoffSpec) -> String {
        let others = spec.locales.dropFirst().map { "\(base(spec))-\($0).json" }
        return "\(base(spec)).json and \(base(spec))-dark.json" + (others.isEmpty ? "" : " (and \(others.joined(separator: ", ")), each with its -dark)")
    }

    /// Swift (lottie-ios): `static let exportLocales` and `static func exportName(dark:)`, members of a type.
    static func swift(_ spec: HandoffSpec) -> String {
        """
            /// The locales the export was written in (the first's files carry none in their names): the
            /// app's preferred language picks one (Foundation's own matching), else the first.
            static let exportLocales = [\(list(spec, quote: "\""))]

            /// The export's resource name for the app's language, light or dark.
            static func exportName(dark: Bool) -> String {
                let locale = Bundle.preferredLocalizations(from: exportLocales, forPreferences: Locale.preferredLanguages).first ?? exportLocales[0]
                return "\(base(spec))" + (locale == exportLocales[0] ? "" : "-" + locale) + (dark ? "-dark" : "")
            }
        """
    }

    /// Objective-C: a static function `TYPEExportName(BOOL dark)`.
    static func objectiveC(_ spec: HandoffSpec, type: String) -> String {
        """
        /// The export's resource name for the app's language, light or dark: the locales it was written in
        /// (the first's files carry none in their names), the app's preferred one picked by Foundation, else the first.
        static NSString *\(type)ExportName(BOOL dark) {
            NSArray<NSString *> *locales = @[\(spec.locales.map { "@\"\($0)\"" }.joined(separator: ", "))];
            NSString *locale = [NSBundle preferredLocalizationsFromArray:locales forPreferences:NSLocale.preferredLanguages].firstObject ?: locales[0];
            NSString *name = [locale isEqualToString:locales[0]] ? @"\(base(spec))" : [@"\(base(spec))-" stringByAppendingString:locale];
            return dark ? [name stringByAppendingString:@"-dark"] : name;
        }
        """
    }

    /// Kotlin (Android): a top-level `exportAsset(locales, dark)`.
    static func kotlin(_ spec: HandoffSpec) -> String {
        """
        /** The locales the export was written in; the first's files carry none in their names. */
        private val ExportLocales = listOf(\(list(spec, quote: "\"")))

        /**
         * The export's asset for the app's languages (`Configuration.getLocales()`), light or dark: the first
         * language the export has, by its tag, else by its language (zh-CN plays zh-Hans), else the first locale.
         */
        private fun exportAsset(locales: LocaleList, dark: Boolean): String {
            val app = (0 until locales.size()).map { locales[it] }
            val chosen = app.firstNotNullOfOrNull { wanted ->
                ExportLocales.firstOrNull { Locale.forLanguageTag(it).toLanguageTag().equals(wanted.toLanguageTag(), ignoreCase = true) }
                    ?: ExportLocales.firstOrNull { Locale.forLanguageTag(it).language == wanted.language }
            } ?: ExportLocales[0]
            return "\(base(spec))" + (if (chosen == ExportLocales[0]) "" else "-" + chosen) + (if (dark) "-dark" else "") + ".json"
        }
        """
    }

    /// Dart (Flutter): `static const exportLocales` and `static String exportAsset(Locale, bool)`, members of a class.
    static func dart(_ spec: HandoffSpec) -> String {
        """
          /// The locales the export was written in; the first's files carry none in their names.
          static const exportLocales = [\(list(spec, quote: "'"))];

          /// The export's asset for the app's `locale`, light or dark: by its tag, else by its language
          /// (zh-CN plays zh-Hans), else the first locale.
          static String exportAsset(Locale locale, bool dark) {
            final tag = locale.toLanguageTag().toLowerCase();
            final chosen = exportLocales.firstWhere((it) => it.toLowerCase() == tag,
                orElse: () => exportLocales.firstWhere((it) => it.split('-').first == locale.languageCode, orElse: () => exportLocales.first));
            return '\(base(spec))' + (chosen == exportLocales.first ? '' : '-' + chosen) + (dark ? '-dark' : '') + '.json';
          }
        """
    }

    /// JavaScript: an exported function `NAMERefreshFile(dark, languages)`.
    static func javaScript(_ spec: HandoffSpec, function: String) -> String {
        """
        /**
         * The export's file for the page's languages (`navigator.languages`), light or dark: the locales it was written
         * in (the first's files carry none in their names), by tag, else by language (zh-CN plays zh-Hans), else the first.
         */
        export function \(function)(dark = false, languages = navigator.languages || [navigator.language]) {
          const locales = [\(list(spec, quote: "\""))];
          const language = (tag) => tag.split("-")[0].toLowerCase();
          const chosen = languages.map((wanted) => locales.find((tag) => tag.toLowerCase() === wanted.toLowerCase())
            || locales.find((tag) => language(tag) === language(wanted))).find(Boolean) || locales[0];
          return "\(base(spec))" + (chosen === locales[0] ? "" : "-" + chosen) + (dark ? "-dark" : "") + ".json";
        }
        """
    }
}
