import type { Guide, Language } from "@planum/contracts";

/**
 * The system guide (spec §7 `GET /guide`): how the product is used, in each interface language. Kept beside the
 * server so every client (the web app, a mobile one) reads the same text; short, since the screens explain
 * themselves.
 */
export const GUIDE: Record<Language, Guide> = {
  en: {
    language: "en",
    title: "Planum guide",
    sections: [
      {
        id: "spaces",
        title: "Spaces and signing in",
        paragraphs: [
          "Sign in with your login or e-mail and password, or with your organisation's single sign-on. Then choose a space: each organisation or site works in a space of its own, with its members, roles and data.",
          "Create a demo space to try the product on a filled example. Your last space opens at the next sign-in.",
        ],
      },
      {
        id: "structure",
        title: "Structure",
        paragraphs: [
          "The structure tree (EPS) holds nodes, facilities and projects. Each node has a passport, attributes, comments, photos and analytics; projects hold schedules.",
          "Right-click or use the row menu to create, rename, move and delete nodes. Attributes are defined once for the space and filled per node.",
        ],
      },
      {
        id: "schedules",
        title: "Schedules",
        paragraphs: [
          "A schedule has versions: the working one, targets and actuals. Import a version from Primavera P6 (XER, XML), MS Project (MSPDI, MPX), CSV or Excel, or build it in the Gantt chart.",
          "Calculate the schedule to get early and late dates, floats and the critical path exactly as P6 does. Relations (FS, SS, FF, SF) may have lags and may link to other schedules.",
        ],
      },
      {
        id: "progress",
        title: "Work done, timesheets and resources",
        paragraphs: [
          "Work-done plans hold planned and actual quantities per day; the space's administrator may limit how many days back they can be entered.",
          "Executors enter hours in timesheets; curators approve them. Resources are assigned to works and levelled over their calendars.",
        ],
      },
      {
        id: "administration",
        title: "Administration",
        paragraphs: [
          "The Administration page of a space manages members and their roles, the space's settings (session idle time, allowed networks), its licence, storage and backups.",
          "Back up a space, a project or a schedule now or periodically, and restore it in place or as a copy. Another Planum installation can copy a space with a token issued on this page.",
        ],
      },
    ],
  },
  ru: {
    language: "ru",
    title: "Руководство Planum",
    sections: [
      {
        id: "spaces",
        title: "Пространства и вход",
        paragraphs: [
          "Войдите по логину или e-mail и паролю либо через единый вход вашей организации. Затем выберите пространство: каждая организация или площадка работает в своём пространстве со своими участниками, ролями и данными.",
          "Создайте демо-пространство, чтобы попробовать продукт на заполненном примере. При следующем входе откроется последнее пространство.",
        ],
      },
      {
        id: "structure",
        title: "Структура",
        paragraphs: [
          "Дерево структуры (EPS) содержит узлы, объекты и проекты. У каждого узла есть паспорт, атрибуты, комментарии, фотографии и аналитика; в проектах находятся графики.",
          "Создавайте, переименовывайте, перемещайте и удаляйте узлы через контекстное меню строки. Атрибуты задаются один раз для пространства и заполняются по узлам.",
        ],
      },
      {
        id: "schedules",
        title: "Графики",
        paragraphs: [
          "У графика есть версии: рабочая, целевые и фактические. Загрузите версию из Primavera P6 (XER, XML), MS Project (MSPDI, MPX), CSV или Excel либо постройте её в диаграмме Ганта.",
          "Рассчитайте график, чтобы получить ранние и поздние даты, резервы и критический путь точно так же, как в P6. Связи (FS, SS, FF, SF) могут иметь задержки и вести в другие графики.",
        ],
      },
      {
        id: "progress",
        title: "Выполнение, табели и ресурсы",
        paragraphs: [
          "СДП содержат плановые и фактические объёмы по дням; администратор пространства может ограничить, за сколько дней назад их можно вносить.",
          "Исполнители вносят часы в табели, кураторы их согласуют. Ресурсы назначаются на работы и выравниваются по своим календарям.",
        ],
      },
      {
        id: "administration",
        title: "Администрирование",
        paragraphs: [
          "На странице «Администрирование» пространства настраиваются участники и их роли, параметры пространства (время бездействия сессии, разрешённые сети), лицензия, хранилище и резервные копии.",
          "Создавайте резервные копии пространства, проекта или графика сразу или по расписанию и восстанавливайте их на место или копией. Другая установка Planum может скопировать пространство по токену, выданному на этой странице.",
        ],
      },
    ],
  },
  fr: {
    language: "fr",
    title: "Guide de Planum",
    sections: [
      {
        id: "spaces",
        title: "Espaces et connexion",
        paragraphs: [
          "Connectez-vous avec votre identifiant ou votre e-mail et votre mot de passe, ou par l’authentification unique de votre organisation. Choisissez ensuite un espace : chaque organisation ou chantier travaille dans son propre espace, avec ses membres, ses rôles et ses données.",
          "Créez un espace de démonstration pour essayer le produit sur un exemple rempli. Votre dernier espace s’ouvre à la connexion suivante.",
        ],
      },
      {
        id: "structure",
        title: "Structure",
        paragraphs: [
          "L’arborescence (EPS) contient des nœuds, des installations et des projets. Chaque nœud a un passeport, des attributs, des commentaires, des photos et des analyses ; les projets contiennent les plannings.",
          "Créez, renommez, déplacez et supprimez les nœuds depuis le menu de la ligne. Les attributs sont définis une fois pour l’espace et remplis par nœud.",
        ],
      },
      {
        id: "schedules",
        title: "Plannings",
        paragraphs: [
          "Un planning a des versions : la version de travail, des cibles et des réalisés. Importez une version depuis Primavera P6 (XER, XML), MS Project (MSPDI, MPX), CSV ou Excel, ou construisez-la dans le diagramme de Gantt.",
          "Calculez le planning pour obtenir les dates au plus tôt et au plus tard, les marges et le chemin critique exactement comme P6. Les liens (FS, SS, FF, SF) peuvent avoir un décalage et mener à d’autres plannings.",
        ],
      },
      {
        id: "progress",
        title: "Avancement, feuilles de temps et ressources",
        paragraphs: [
          "Les plans d’avancement contiennent les quantités prévues et réalisées par jour ; l’administrateur de l’espace peut limiter le nombre de jours passés ouverts à la saisie.",
          "Les exécutants saisissent leurs heures dans les feuilles de temps, les responsables les valident. Les ressources sont affectées aux travaux et lissées selon leurs calendriers.",
        ],
      },
      {
        id: "administration",
        title: "Administration",
        paragraphs: [
          "La page Administration d’un espace gère les membres et leurs rôles, les paramètres de l’espace (inactivité de session, réseaux autorisés), sa licence, son stockage et ses sauvegardes.",
          "Sauvegardez un espace, un projet ou un planning tout de suite ou périodiquement, et restaurez-le sur place ou en copie. Une autre installation de Planum peut copier un espace avec un jeton émis sur cette page.",
        ],
      },
    ],
  },
};
