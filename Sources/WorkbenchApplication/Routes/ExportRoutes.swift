import ChartEngine
import Foundation
import HTTPServer
import PriceData
import WorkbenchExports
import WorkbenchStores
import WorkbenchSupport

/// Exports of a saved revision or of what is on screen, each with its provenance and logged.
struct ExportRoutes: PresetReading {
    let presets: PresetStore
    let data: DataStore
    let decisions: DecisionRecorder
    let heavyWork: HeavyWorkLimit

    var middlewares: [any Middleware] { [heavyWork] }

    func addRoutes(to r: inout Router) {
        r.get("/api/presets/{name}/export", "Export a preset", query: OpenAPIDocument.exportQuery,
              answers: [Router.Answer(status: 200, types: [.json, .swift, .kotlin, .svg, .zip], schema: nil, description: "the export (ios/android: a .zip bundle)")], errors: [404], heavy: true) {
            try exportPreset($0)
        }
        r.post("/api/export", "Export what is on screen, saved or not: parameters (over an optional preset), view (width, height, period, background light|dark), name, author, notes, updatedAt (the saved preset's time, else now) and format",
               schema: OpenAPIDocument.exportRequest, answers: [Router.Answer(status: 200, types: [.json, .swift, .kotlin, .svg, .zip], schema: nil, description: "the export (ios/android: a .zip bundle)")], errors: [404], heavy: true) {
            try exportCurrent($0)
        }
    }

    /// `?format=…` and `revision` (a number, or `approved`; the current one by default). Every
    /// export carries its provenance and is recorded in the decision log.
    package func exportPreset(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        let name = try presetName(request)
        let exported: (preset: Preset, provenance: Provenance)
        do { exported = try presets.exportable(name, revision: request.query["revision"]) } catch { throw Self.storeError(error, name: name) }
        let formatName = request.query["format"] ?? "json"
        let response: HTTPResponse
        if let platform = HandoffBundle.Platform(rawValue: formatName) {
            response = try bundleResponse(exported.preset, platform, provenance: exported.provenance)
        } else {
            guard let format = ExportFormat(rawValue: formatName) else {
                let names = ExportFormat.allCases.map(\.rawValue) + HandoffBundle.Platform.allCases.map(\.rawValue)
                throw .badRequest("must be one of \(names.joined(separator: ", "))", field: "format")
            }
            let text = format.export(exported.preset, data: data.snapshot.data, provenance: exported.provenance)
            let fileName = format.fileName(for: exported.preset.name)
            response = HTTPResponse(contentType: format.contentType, text: text)
                .adding("Content-Disposition", "attachment; filename=\"\(fileName)\"; filename*=UTF-8''\(PercentDecoding.encode(fileName))")
        }
        recordExport(exported.provenance, format: formatName, by: request.author.user)
        return response
    }

    package func recordExport(_ provenance: Provenance, format: String, by author: String) {
        let what = provenance.revision.map { "revision \($0) (\(provenance.status))" } ?? "unsaved parameters"
        decisions.record("export", preset: provenance.preset, revision: provenance.revision, by: author,
                       summary: "exported “\(provenance.preset)” \(what) as \(format)", details: provenance.json())
    }

    /// `POST /api/export`: what is on screen, saved or not — the parameters of a render request
    /// (over `preset` when given), the view (`width`, `height`, `period`, `background`), a
    /// `name` (and `author`, `notes`) and the `format`.
    package func exportCurrent(_ request: RequestContext) throws(HTTPError) -> HTTPResponse {
        var values = try request.jsonValues()
        let formatName = try values.removeValue(forKey: "format")?.text(field: "format") ?? "json"
        let rawName = try values.removeValue(forKey: "name")?.text(field: "name") ?? "Untitled"
        let author = try values.removeValue(forKey: "author")?.text(field: "author") ?? ""
        let notes = try values.removeValue(forKey: "notes")?.text(field: "notes") ?? ""
        let backgroundName = try values.removeValue(forKey: "background")?.text(field: "background") ?? "light"
        // The saved preset's time when the page exports it as saved; otherwise now.
        let updatedAt = try values.removeValue(forKey: "updatedAt")?.text(field: "updatedAt") ?? Preset.now()
        guard updatedAt.utf8.count <= Preset.Limits.updatedAtBytes, ISO8601DateFormatter().date(from: updatedAt) != nil else {
            throw .badRequest("must be a time such as 2026-11-22T09:46:15Z", field: "updatedAt")
        }
        guard let background = SVGExport.Background(rawValue: backgroundName) else { throw .badRequest("must be light or dark", field: "background") }
        let name: String
        do { name = try Preset.validName(rawName) } catch { throw HTTPError(error) }
        guard author.utf8.count <= Preset.Limits.authorBytes else { throw .badRequest("is too long", field: "author") }
        guard notes.utf8.count <= Preset.Limits.notesBytes else { throw .badRequest("is too long", field: "notes") }
        let savedName = try values["preset"]?.text(field: "preset")
        let view = try RenderRequest(values, base: try baseStyle(values))
        let preset = Preset(name: name, author: author, notes: notes, updatedAt: updatedAt, style: view.style)
        let provenance = presets.provenance(of: preset, savedAs: savedName)
        if let platform = HandoffBundle.Platform(rawValue: formatName) {
            let response = try bundleResponse(preset, platform, provenance: provenance)
            recordExport(provenance, format: formatName, by: request.author.user)
            return response
        }
        guard let format = ExportFormat(rawValue: formatName) else {
            let names = ExportFormat.allCases.map(\.rawValue) + HandoffBundle.Platform.allCases.map(\.rawValue)
            throw .badRequest("must be one of \(names.joined(separator: ", "))", field: "format")
        }
        let text = format == .svg
            ? provenance.stamp(SVGExport.animated(preset, data: data.snapshot.data, width: view.width, height: view.height, period: view.period,
                                                  background: background), as: Provenance.Carrier.xmlComment)
            : format.export(preset, data: data.snapshot.data, provenance: provenance)
        let fileName = format.fileName(for: name)
        recordExport(provenance, format: formatName, by: request.author.user)
        return HTTPResponse(contentType: format.contentType, text: text)
            .adding("Content-Disposition", "attachment; filename=\"\(fileName)\"; filename*=UTF-8''\(PercentDecoding.encode(fileName))")
    }

    /// An ios/android handoff bundle as a .zip download.
    package func bundleResponse(_ preset: Preset, _ platform: HandoffBundle.Platform, provenance: Provenance?) throws(HTTPError) -> HTTPResponse {
        let bytes: [UInt8]
        let bundle: HandoffBundle
        do {
            bundle = HandoffBundle(preset: preset, platform: platform, provenance: provenance)
            bytes = try bundle.zip()
        } catch {
            throw HTTPError(500, "bundle_failed", "cannot build the \(platform.rawValue) bundle: \(error)")
        }
        let fileName = bundle.folderName + ".zip"
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/zip")], body: .bytes(bytes))
            .adding("Content-Disposition", "attachment; filename=\"\(fileName)\"; filename*=UTF-8''\(PercentDecoding.encode(fileName))")
    }
}
