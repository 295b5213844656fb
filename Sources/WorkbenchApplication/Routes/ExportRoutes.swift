import ChartEngine
import ChartRendering
import Foundation
import HTTPServer
import PriceData
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// Exports of a saved revision or of what is on screen, each with its provenance and logged.
struct ExportRoutes: PresetReading {
    let app: AppServices

    var middlewares: [any Middleware] { [app.heavyWork] }

    func addRoutes(to r: inout Router) {
        r.get("/api/presets/{name}/export", "Export a preset (revision: a number or approved; delivery=preview is not logged, download or copy is)", query: OpenAPIDocument.exportQuery,
              answers: [Router.Answer(status: 200, types: [.json, .swift, .kotlin, .svg, .zip], schema: nil, description: "the export (ios/android: a .zip bundle)")], errors: [404], heavy: true) {
            try exportPreset($0)
        }
        r.post("/api/export", "Export what is on screen, saved or not: parameters (over an optional preset), view (width, height, period, background light|dark), format and delivery (preview: not logged; download or copy: logged). Parameters equal to the preset's current or approved revision export that stored revision (name, author, notes and updatedAt of the request are ignored); others export as unsaved parameters by the person asking (name, notes, updatedAt as sent; author is always the person)",
               schema: RequestSchema.of(ExportRequest.self).body(), answers: [Router.Answer(status: 200, types: [.json, .swift, .kotlin, .svg, .zip], schema: nil, description: "the export (ios/android: a .zip bundle)")], errors: [404], heavy: true) {
            try exportCurrent($0)
        }
    }

    /// How an export is delivered: a preview (shown in the export dialog, not logged) or a
    /// produced file (download, copy: logged).
    package static let deliveries = ["download", "copy", "preview"]

    package static func delivery(_ value: String?) throws(HTTPError) -> String {
        let delivery = value ?? "download"
        guard deliveries.contains(delivery) else { throw .badRequest("must be one of \(deliveries.joined(separator: ", "))", field: "delivery") }
        return delivery
    }

    /// `?format=…`, `revision` (a number, or `approved`; the current one by default) and
    /// `delivery`. Every export carries its provenance; a produced file (not a preview) is
    /// recorded in the decision log.
    package func exportPreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        let delivery = try Self.delivery(request.query["delivery"])
        let exported: (preset: Preset, provenance: Provenance)
        do { exported = try app.presets.exportable(name, revision: request.query["revision"]) } catch { throw Self.storeError(error, name: name) }
        let formatName = request.query["format"] ?? "json"
        let response: HTTPResponse
        if let platform = HandoffBundle.Platform(rawValue: formatName) {
            response = try bundleResponse(exported.preset, platform, provenance: exported.provenance)
        } else {
            guard let format = ExportFormat(rawValue: formatName) else {
                let names = ExportFormat.allCases.map(\.rawValue) + HandoffBundle.Platform.allCases.map(\.rawValue)
                throw .badRequest("must be one of \(names.joined(separator: ", "))", field: "format")
            }
            let text = format.export(exported.preset, data: app.data.snapshot.data, provenance: exported.provenance)
            let fileName = format.fileName(for: exported.preset.name)
            response = HTTPResponse(contentType: format.contentType, text: text)
                .adding("Content-Disposition", "attachment; filename=\"\(fileName)\"; filename*=UTF-8''\(PercentDecoding.encode(fileName))")
        }
        recordExport(exported.provenance, format: formatName, delivery: delivery, by: request.author.user)
        return response.withProvenance(exported.provenance)
    }

    package func recordExport(_ provenance: Provenance, format: String, delivery: String, by author: String) {
        guard delivery != "preview" else { return }
        app.decisions.record("export", preset: provenance.preset, revision: provenance.revision, by: author,
                         summary: provenance.exportSummary(format: format, via: delivery == "copy" ? "(copied)" : nil),
                         details: provenance.exportDetails(format: format, via: delivery))
    }

    /// `POST /api/export`: what is on screen, saved or not — the parameters of a render request
    /// (over `preset` when given), the view (`width`, `height`, `period`, `background`) and the
    /// `format`. Parameters that are `preset`'s current or approved revision export that stored
    /// revision: the request's `name`, `author`, `notes` and `updatedAt` are ignored, so nobody
    /// has a revision signed with words of their own. Other parameters export as "unsaved
    /// parameters of <preset>, by <the person who asked>, not a revision", with the page's notes.
    package func exportCurrent(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let asked = try request.decodeBody(ExportRequest.self)
        let formatName = asked.format
        let delivery = try Self.delivery(asked.delivery)
        let rawName = asked.name
        let notes = asked.notes
        let backgroundName = asked.background
        let updatedAt = asked.updatedAt ?? Preset.now()
        guard updatedAt.utf8.count <= Preset.Limits.updatedAtBytes, Self.isRFC3339(updatedAt) else {
            throw .badRequest("must be a time such as 2026-11-22T09:46:15Z", field: "updatedAt")
        }
        guard let background = SVGExport.Background(rawValue: backgroundName) else { throw .badRequest("must be light or dark", field: "background") }
        let name: String
        do { name = try Preset.validName(rawName) } catch { throw HTTPError(error) }
        guard notes.utf8.count <= Preset.Limits.notesBytes else { throw .badRequest("is too long", field: "notes") }
        let savedName = asked.chart.preset
        let view = try drawing(asked.chart)
        let person = Provenance.Person(name: request.author.user, id: request.author.personID)
        let onScreen = Preset(name: name, author: person.name, notes: notes, updatedAt: updatedAt, style: view.style)
        let (preset, provenance) = app.presets.exportable(onScreen: onScreen, savedAs: savedName, by: person)
        if let platform = HandoffBundle.Platform(rawValue: formatName) {
            let response = try bundleResponse(preset, platform, provenance: provenance)
            recordExport(provenance, format: formatName, delivery: delivery, by: request.author.user)
            return response.withProvenance(provenance)
        }
        guard let format = ExportFormat(rawValue: formatName) else {
            let names = ExportFormat.allCases.map(\.rawValue) + HandoffBundle.Platform.allCases.map(\.rawValue)
            throw .badRequest("must be one of \(names.joined(separator: ", "))", field: "format")
        }
        let text: String
        if format == .svg {
            // Drawn at the page's view, which is signed with it so `workbench verify` draws the same.
            let drawn = SVGExport.View(width: view.width, height: view.height, period: view.period, background: background)
            var signed = provenance
            signed.extraFacts.append((SVGExport.View.key, drawn.json))
            text = signed.stamp(SVGExport.animated(preset, data: app.data.snapshot.data, view: drawn), as: .xmlComment)
        } else {
            text = format.export(preset, data: app.data.snapshot.data, provenance: provenance)
        }
        let fileName = format.fileName(for: preset.name)
        recordExport(provenance, format: formatName, delivery: delivery, by: request.author.user)
        return HTTPResponse(contentType: format.contentType, text: text)
            .adding("Content-Disposition", "attachment; filename=\"\(fileName)\"; filename*=UTF-8''\(PercentDecoding.encode(fileName))")
            .withProvenance(provenance)
    }

    /// An ios/android handoff bundle as a .zip download, its provenance carrying the honesty check.
    package func bundleResponse(_ preset: Preset, _ platform: HandoffBundle.Platform, provenance: Provenance?) throws(HTTPError) -> HTTPResponse {
        let bytes: [UInt8]
        let bundle: HandoffBundle
        do {
            // The honesty check's result is signed with the bundle (computed once for all its files).
            bundle = HandoffBundle(preset: preset, platform: platform, provenance: HonestyMarkets.signing(provenance, style: preset.style))
            bytes = try bundle.zip()
        } catch {
            throw HTTPError(500, "bundle_failed", "cannot build the \(platform.rawValue) bundle: \(error)")
        }
        let fileName = bundle.folderName + ".zip"
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/zip")], body: .bytes(bytes))
            .adding("Content-Disposition", "attachment; filename=\"\(fileName)\"; filename*=UTF-8''\(PercentDecoding.encode(fileName))")
    }
}

extension HTTPResponse {
    /// What the export carries, for the page's export dialog: revision (none when unsaved),
    /// status, and the signed statement in words (percent-encoded UTF-8: a header is bytes).
    func withProvenance(_ provenance: Provenance) -> HTTPResponse {
        adding("X-Workbench-Revision", provenance.revision.map(String.init) ?? "unsaved").adding("X-Workbench-Status", provenance.status)
            .adding("X-Workbench-Statement", PercentDecoding.encode(provenance.statement))
    }
}


extension ExportRoutes {
    /// An RFC 3339 date-time as RFC 3339 says it (section 5.6): any year 0000–9999, fractions of
    /// a second, `Z` or any `±hh:mm` offset, a leap second, `t`/`z` in lower case.
    static func isRFC3339(_ text: String) -> Bool {
        let pattern = #"^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$"#
        guard let match = try? NSRegularExpression(pattern: pattern).firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return false }
        func number(_ i: Int) -> Int? { Range(match.range(at: i), in: text).flatMap { Int(text[$0]) } }
        guard let year = number(1), let month = number(2), let day = number(3), let hour = number(4), let minute = number(5), let second = number(6),
              (1...12).contains(month), hour <= 23, minute <= 59, second <= 60 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else { return false }
        if let offsetHour = number(9), let offsetMinute = number(10) { return offsetHour <= 23 && offsetMinute <= 59 }
        return true
    }
}

/// `POST /api/export`: a chart request (what is on screen) and how to export it. Whoever asks
/// is the author of unsaved parameters: a request's own `author` is read and says nothing.
struct ExportRequest: Decodable {
    static let ownMembers: Set<String> = ["format", "delivery", "name", "author", "notes", "background", "updatedAt"]
    var chart: ChartRequest
    var format = "json"
    var delivery: String?
    var name = "Untitled"
    var notes = ""
    var background = "light"
    /// The saved preset's time when the page exports it as saved; otherwise now.
    var updatedAt: String?

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        format = try members.text("format", schema: OpenAPIDocument.exportQuery[0].schema) ?? "json"
        delivery = try members.text("delivery", schema: OpenAPIDocument.exportQuery[2].schema)
        name = try members.text("name", schema: OpenAPIDocument.presetName) ?? "Untitled"
        _ = try members.text("author", schema: JSONSchema.text(0...Preset.Limits.authorCharacters))
        notes = try members.text("notes", schema: JSONSchema.text(0...Preset.Limits.notesCharacters)) ?? ""
        background = try members.text("background", schema: JSONSchema.enumeration(["light", "dark"])) ?? "light"
        updatedAt = try members.text("updatedAt", schema: SchemaObject(type: "string", format: "date-time").json)
        chart = try ChartRequest(from: decoder, ignoring: Self.ownMembers)
    }
}
