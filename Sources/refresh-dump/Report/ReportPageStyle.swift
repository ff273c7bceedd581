/// The review page's styles: the grid on screen, and on paper (a print stylesheet: posters in
/// place of videos, no controls, cells kept whole on a page).
enum ReportPageStyle {
    static let css = """
    body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; background: #fafafa; }
    h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 32px 0 8px; } h3 { font-size: 14px; margin: 16px 0 6px; }
    nav button { font: inherit; padding: 4px 12px; margin-right: 4px; border: 1px solid #c7c7cc; border-radius: 6px; background: #fff; cursor: pointer; }
    nav button[aria-pressed="true"] { background: #007aff; color: #fff; border-color: #007aff; }
    .controls { display: flex; flex-wrap: wrap; gap: 16px; align-items: center; margin-top: 10px; }
    .controls input[type=range] { width: 260px; }
    .legend { display: flex; flex-wrap: wrap; gap: 14px; margin: 10px 0 0; padding: 0; list-style: none; font-size: 12px; color: #3a3a3c; }
    .legend li { display: flex; align-items: center; gap: 5px; }
    .legend .marker, .legend .haptic { position: static; display: inline-block; }
    table.grid { border-collapse: collapse; margin-top: 16px; }
    table.grid th { text-align: left; font-weight: 600; padding: 4px 8px; vertical-align: bottom; }
    table.grid tr > th:first-child { vertical-align: top; padding-top: 40px; }
    table.grid td { padding: 8px; vertical-align: top; }
    figure { margin: 0; width: 390px; outline: none; }
    figure:focus-visible { box-shadow: 0 0 0 3px #007aff66; border-radius: 8px; }
    video, img.print-poster { width: 390px; border-radius: 8px; display: block; background: #e5e5ea; }
    img.print-poster { display: none; }
    .track { position: relative; height: 14px; margin-top: 6px; }
    .marker { position: absolute; top: 0; width: 2px; height: 14px; background: #ff9500; }
    .marker[data-kind*="refreshing"] { background: #007aff; }
    .marker[data-kind*="eligible"] { background: #34c759; }
    .marker[data-kind*="finished"] { background: #af52de; }
    .haptic { position: absolute; bottom: -5px; width: 6px; height: 6px; margin-left: -3px; border-radius: 3px; background: #ff2d55; }
    .haptic[data-kind*="impact"] { width: 9px; height: 9px; margin-left: -4.5px; bottom: -6px; }
    figure input[type=range] { width: 390px; margin: 2px 0 0; }
    .label { font: 12px/1.3 ui-monospace, monospace; color: #3a3a3c; min-height: 2.6em; }
    .errors { color: #d70015; font-size: 12px; }
    .badge { display: inline-block; margin-top: 4px; padding: 2px 8px; border-radius: 10px; background: #fff4e5; color: #8a4b00; border: 1px solid #ffb340; font-size: 12px; }
    .note { margin-top: 4px; font-size: 12px; color: #6c6c70; font-style: italic; }
    table.spec { border-collapse: collapse; margin-bottom: 12px; }
    table.spec td, table.spec th { border: 1px solid #d1d1d6; padding: 3px 8px; font-size: 13px; text-align: left; }
    .swatch { display: inline-block; width: 12px; height: 12px; margin-right: 6px; vertical-align: -2px; border: 1px solid #0003; border-radius: 3px; }
    .handoff nav { margin-bottom: 8px; }
    .handoff pre { background: #1c1c1e; color: #f2f2f7; padding: 12px; border-radius: 8px; overflow-x: auto; font-size: 12px; line-height: 1.45; }
    figcaption.print-only { display: none; }
    @page { margin: 12mm; }
    @media print {
      body { margin: 0; background: #fff; font-size: 11px; }
      nav, .controls, figure input[type=range], video, .label, #selftest { display: none !important; }
      table.grid, table.grid tbody, table.grid tr, table.grid th { display: block; }
      table.grid tr:first-child { display: none; }
      table.grid tr > th:first-child { padding: 12px 0 4px; font-size: 14px; break-after: avoid; }
      table.grid td { display: inline-block; width: 31%; padding: 0 1% 10px 0; break-inside: avoid; }
      figcaption.print-only { display: block; font-weight: 600; margin-bottom: 3px; }
      img.print-poster { display: block; width: 100%; }
      figure { width: auto; break-inside: avoid; }
      .handoff pre { background: #fff; color: #000; border: 1px solid #ccc; white-space: pre-wrap; }
      .handoff .panel[hidden] { display: block !important; }
    }
    """
}
