@main struct W { static func main() {} }
